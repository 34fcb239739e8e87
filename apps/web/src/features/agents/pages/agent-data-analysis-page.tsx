import { InfoCircleOutlined } from '@ant-design/icons';
import {
  ANALYSIS_DEFAULT_DAYS,
  ANALYSIS_PRESET_DAYS,
  ANALYSIS_RANGE_MAX_DAYS,
} from '@tandem/contract/chat-insights';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Empty, Segmented, Skeleton, Tooltip, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { type AgentAnalysisData, type AnalysisCounts, analysisQuery } from '../api/insights.ts';
import { type ChartSeries, DailyChart } from '../components/insights/daily-chart.tsx';
import { InsightsPage } from '../components/insights/insights-page.tsx';
import { browserTimeZone, calendarDate, lastDays, localDay } from '../model/analysis-range.ts';

type Range = { preset: number | null; start: string; end: string };

/** /agent/index/data-analysis: the agent's use per day over a chosen range, in the reader's time zone. */
export function AgentDataAnalysisPage() {
  return (
    <InsightsPage insight="data_analysis">{(agent) => <AgentAnalysis agentId={agent.id} />}</InsightsPage>
  );
}

function AgentAnalysis({ agentId }: { agentId: number }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>(() => ({
    preset: ANALYSIS_DEFAULT_DAYS,
    ...lastDays(ANALYSIS_DEFAULT_DAYS),
  }));
  const [timeZone] = useState(browserTimeZone);
  const analysis = useQuery(
    analysisQuery(agentId, { start_date: range.start, end_date: range.end, time_zone: timeZone }),
  );
  const today = dayjs().endOf('day');

  return (
    <section className="editor-section insights" aria-busy={analysis.isFetching}>
      <div className="insights-toolbar">
        <Segmented
          aria-label={t('agents.analysis.range_label')}
          value={range.preset ?? undefined}
          onChange={(days) => setRange({ preset: days, ...lastDays(days) })}
          options={ANALYSIS_PRESET_DAYS.map((days) => ({
            value: days,
            label: t('agents.analysis.last_days', { count: days }),
          }))}
        />
        <DatePicker.RangePicker
          aria-label={t('agents.analysis.range_label')}
          allowClear={false}
          value={[dayjs(range.start), dayjs(range.end)]}
          disabledDate={(day: Dayjs, info) =>
            day.isAfter(today) ||
            (!!info?.from && Math.abs(day.diff(info.from, 'day')) >= ANALYSIS_RANGE_MAX_DAYS)
          }
          onChange={(days) => {
            const [start, end] = days ?? [];
            if (start && end) {
              setRange({ preset: null, start: localDay(start.toDate()), end: localDay(end.toDate()) });
            }
          }}
        />
        <span className="insights-note">{t('agents.analysis.time_zone_note', { zone: timeZone })}</span>
      </div>
      {analysis.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : analysis.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('agents.analysis.failed')}
          action={<Button onClick={() => analysis.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <AnalysisCharts data={analysis.data} />
      )}
    </section>
  );
}

const SINGLE_METRICS = ['conversations', 'messages', 'active_users', 'points'] as const;
const TOTALS = [...SINGLE_METRICS, 'likes', 'dislikes'] as const;

type ChartCard = {
  key: string;
  title: string;
  hint?: string;
  total: string;
  series: ChartSeries[];
  summary: string;
};

type Token = ReturnType<typeof theme.useToken>['token'];

const colorsOf = (token: Token): Record<keyof AnalysisCounts, string> => ({
  conversations: token.colorPrimary,
  messages: token.cyan,
  active_users: token.gold,
  points: token.orange,
  likes: token.colorSuccess,
  dislikes: token.colorError,
});

function AnalysisCharts({ data }: { data: AgentAnalysisData }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const locale = useLocaleStore((state) => state.locale);
  const format = (value: number) => value.toLocaleString(locale);
  const colors = colorsOf(token);

  // Built once per answer, language and theme: a new array would redraw every chart on each render.
  const { axis, cards } = useMemo(() => {
    const colors = colorsOf(token);
    const format = (value: number) => value.toLocaleString(locale);
    const short = new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
    const dates = data.days.map((day) => calendarDate(day.date));
    const seriesOf = (metrics: (keyof AnalysisCounts)[]): ChartSeries[] =>
      metrics.map((metric) => ({
        label: t(`agents.analysis.${metric}`),
        values: data.days.map((day) => day[metric]),
        color: colors[metric],
      }));
    const summary = (metric: string, total: number) =>
      t('agents.analysis.chart_label', { metric, start: data.start_date, end: data.end_date, total });
    const singles: ChartCard[] = SINGLE_METRICS.map((metric) => ({
      key: metric,
      title: t(`agents.analysis.${metric}`),
      hint: t(`agents.analysis.${metric}_hint`),
      total: format(data.totals[metric]),
      series: seriesOf([metric]),
      summary: summary(t(`agents.analysis.${metric}`), data.totals[metric]),
    }));
    const feedback: ChartCard = {
      key: 'feedback',
      title: t('agents.analysis.feedback_chart'),
      total: `${format(data.totals.likes)} / ${format(data.totals.dislikes)}`,
      series: seriesOf(['likes', 'dislikes']),
      summary: summary(t('agents.analysis.feedback_chart'), data.totals.likes + data.totals.dislikes),
    };
    return {
      axis: {
        labels: dates.map((date) => short.format(date)),
        titles: dates.map((date) => long.format(date)),
      },
      cards: [...singles, feedback],
    };
  }, [data, locale, t, token]);
  const isEmpty = Object.values(data.totals).every((total) => total === 0);

  return (
    <>
      <dl className="insights-totals">
        {TOTALS.map((metric) => (
          <div key={metric} className="insights-total">
            <dt>
              <span className="insights-swatch" style={{ background: colors[metric] }} aria-hidden="true" />
              {t(`agents.analysis.${metric}`)}
            </dt>
            <dd>{format(data.totals[metric])}</dd>
          </div>
        ))}
      </dl>
      {isEmpty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('agents.analysis.empty')} />
      ) : (
        <div className="insights-charts">
          {cards.map((card) => (
            <figure key={card.key} className="insights-card">
              <figcaption>
                <span>{card.title}</span>
                {card.hint && (
                  <Tooltip title={card.hint}>
                    <InfoCircleOutlined aria-label={card.hint} />
                  </Tooltip>
                )}
                <strong>{card.total}</strong>
              </figcaption>
              <DailyChart
                {...axis}
                series={card.series}
                summary={card.summary}
                textColor={token.colorTextSecondary}
                gridColor={token.colorBorderSecondary}
              />
            </figure>
          ))}
        </div>
      )}
    </>
  );
}
