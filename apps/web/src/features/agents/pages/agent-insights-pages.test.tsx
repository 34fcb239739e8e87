import '../../../test/dom-setup.ts';
import { AGENT_API } from '@tandem/contract/api';
import {
  type AgentAnalysisData,
  type AnalysisDay,
  type FeedbackEntry,
  INSIGHTS_API,
} from '@tandem/contract/chat-insights';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../shared/session/session-store.ts';
import { abilities, createAgentDetail } from '../../../test/agent-factories.ts';
import { type FakeAnswer, fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { browserTimeZone, lastDays } from '../model/analysis-range.ts';
import { AgentDataAnalysisPage } from './agent-data-analysis-page.tsx';
import { AgentUserFeedbackPage } from './agent-user-feedback-page.tsx';

// A busy machine (CI runs the projects side by side) can take more than the default second to render.

const agent = createAgentDetail({ id: 5 });

const day = (date: string, counts: Partial<AnalysisDay> = {}): AnalysisDay => ({
  date,
  conversations: 0,
  messages: 0,
  active_users: 0,
  points: 0,
  likes: 0,
  dislikes: 0,
  ...counts,
});

function analysisOf(days: AnalysisDay[], activeUsers: number): AgentAnalysisData {
  const sum = (metric: keyof Omit<AnalysisDay, 'date'>) =>
    days.reduce((total, one) => total + one[metric], 0);
  return {
    start_date: days[0]!.date,
    end_date: days.at(-1)!.date,
    time_zone: 'UTC',
    days,
    totals: {
      conversations: sum('conversations'),
      messages: sum('messages'),
      active_users: activeUsers,
      points: sum('points'),
      likes: sum('likes'),
      dislikes: sum('dislikes'),
    },
  };
}

const USED = analysisOf(
  [
    day('2026-03-01', { conversations: 2, messages: 5, active_users: 2, points: 10, likes: 1 }),
    day('2026-03-02'),
    day('2026-03-03', { conversations: 1, messages: 3, active_users: 1, points: 6, dislikes: 2 }),
  ],
  3,
);

function serveAnalysis(answer: () => FakeAnswer | Promise<FakeAnswer>, detail = agent) {
  return fakeApi({
    [AGENT_API.detail]: () => ({ data: detail }),
    [INSIGHTS_API.analysis]: answer,
  });
}

const openAnalysis = () =>
  renderPage(<AgentDataAnalysisPage />, {
    path: '/agent/index/data-analysis?agent_id=5',
    route: '/agent/index/data-analysis',
  });

const totalOf = (label: string) =>
  screen.getAllByText(label, { selector: 'dt' })[0]!.closest('.insights-total')!.querySelector('dd')!
    .textContent;

/** The charts' canvases (the hints' icons are pictures too). */
const chartsShown = () => screen.queryAllByRole('img').filter((picture) => picture.tagName === 'CANVAS');

beforeEach(() => {
  getSession().setToken('session-token');
  // jsdom draws nothing: the chart keeps its canvas and summary without a 2D context.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  getSession().reset();
  vi.restoreAllMocks();
});

describe('the data analysis page', () => {
  it('asks for the last 7 days in the browser’s time zone and shows totals above a chart per metric', async () => {
    const api = serveAnalysis(() => ({ data: USED }));
    await openAnalysis();
    expect(await screen.findByRole('heading', { name: 'Data analysis' })).toBeTruthy();
    await waitFor(() => expect(totalOf('Conversations')).toBe('3'));
    expect([totalOf('Messages'), totalOf('Active users'), totalOf('Points spent')]).toEqual(['8', '3', '16']);
    expect([totalOf('Likes'), totalOf('Dislikes')]).toEqual(['1', '2']);
    const week = lastDays(7);
    expect(api.paramsOf(INSIGHTS_API.analysis)).toEqual([
      { agent_id: 5, start_date: week.start, end_date: week.end, time_zone: browserTimeZone() },
    ]);
    expect(screen.getByText(`Days run from midnight to midnight in ${browserTimeZone()}.`)).toBeTruthy();
    const charts = chartsShown().map((chart) => chart.getAttribute('aria-label'));
    expect(charts).toEqual([
      'Conversations per day from 2026-03-01 to 2026-03-03: 3 in total',
      'Messages per day from 2026-03-01 to 2026-03-03: 8 in total',
      'Active users per day from 2026-03-01 to 2026-03-03: 3 in total',
      'Points spent per day from 2026-03-01 to 2026-03-03: 16 in total',
      'Likes and dislikes per day from 2026-03-01 to 2026-03-03: 3 in total',
    ]);
  });

  it('asks again for a preset range', async () => {
    const api = serveAnalysis(() => ({ data: USED }));
    await openAnalysis();
    await waitFor(() => expect(totalOf('Conversations')).toBe('3'));
    fireEvent.click(screen.getByText('Last 30 days'));
    const month = lastDays(30);
    await waitFor(() =>
      expect(api.paramsOf(INSIGHTS_API.analysis).at(-1)).toMatchObject({
        start_date: month.start,
        end_date: month.end,
      }),
    );
  });

  it('shows a loading state, then says when nobody used the agent', async () => {
    let answer = (_: FakeAnswer) => {};
    serveAnalysis(() => new Promise<FakeAnswer>((resolve) => (answer = resolve)));
    const { container } = await openAnalysis();
    await waitFor(() => expect(container.querySelector('.insights .ant-skeleton')).toBeTruthy());
    answer({ data: analysisOf([day('2026-03-01'), day('2026-03-02')], 0) });
    expect(await screen.findByText('Nobody used the agent in these days.')).toBeTruthy();
    expect(totalOf('Conversations')).toBe('0');
    expect(chartsShown()).toHaveLength(0);
  });

  it('offers a retry when the analysis could not be loaded', async () => {
    let fails = true;
    serveAnalysis(() => (fails ? { status: 503, code: 2005, msg: 'busy' } : { data: USED }));
    await openAnalysis();
    expect(await screen.findByText('The analysis could not be loaded.')).toBeTruthy();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(totalOf('Conversations')).toBe('3'));
  });

  it('tells an editor the page is not for them, without asking the server', async () => {
    const editor = createAgentDetail({ id: 5, my_role: 'editor', abilities: abilities({ analyse: false }) });
    const api = serveAnalysis(() => ({ data: USED }), editor);
    await openAnalysis();
    expect(await screen.findByText('Not available to you')).toBeTruthy();
    expect(api.paramsOf(INSIGHTS_API.analysis)).toEqual([]);
  });
});

const entry = (id: number, overrides: Partial<FeedbackEntry> = {}): FeedbackEntry => ({
  message_id: id,
  conversation_id: 'conv-1',
  rating: 'like',
  reason: null,
  comment: '',
  question: `Question ${id}`,
  reply: `Reply ${id}`,
  user: { user_id: 7, name: 'Ada', avatar: '' },
  rated_at: '2026-03-01T10:00:00Z',
  ...overrides,
});

const RATED = [
  entry(12, {
    rating: 'dislike',
    reason: 'misinformation',
    comment: 'The museum does not exist.',
    reply: 'Visit the **Kyoto Museum of Clouds**.',
    user: null,
  }),
  entry(11),
];

function serveFeedback(answer: (params: Record<string, unknown>) => FakeAnswer | Promise<FakeAnswer>) {
  return fakeApi({
    [AGENT_API.detail]: () => ({ data: agent }),
    [INSIGHTS_API.feedbackList]: (_, params) => answer(params),
  });
}

const openFeedback = () =>
  renderPage(<AgentUserFeedbackPage />, {
    path: '/agent/index/user-feedback?agent_id=5',
    route: '/agent/index/user-feedback',
  });

describe('the user feedback page', () => {
  it('lists rated replies with the reason in the reader’s language and who gave it', async () => {
    serveFeedback(() => ({ data: { data: RATED, total: 2 } }));
    await openFeedback();
    const row = (await screen.findByText('Question 12')).closest('tr')!;
    expect(within(row).getByText('Dislike')).toBeTruthy();
    expect(within(row).getByText('Misinformation')).toBeTruthy();
    expect(within(row).getByText('The museum does not exist.')).toBeTruthy();
    expect(within(row).getByText('Visitor')).toBeTruthy();
    const liked = screen.getByText('Question 11').closest('tr')!;
    expect(within(liked).getByText('Ada')).toBeTruthy();
    expect(screen.getByText('2 ratings')).toBeTruthy();
  });

  it('opens the exchange with the reply rendered as Markdown', async () => {
    serveFeedback(() => ({ data: { data: RATED, total: 2 } }));
    await openFeedback();
    const row = (await screen.findByText('Question 12')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'View the exchange' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('The rated exchange')).toBeTruthy();
    expect(within(drawer).getByText('Kyoto Museum of Clouds', { selector: 'strong' })).toBeTruthy();
    expect(within(drawer).getByText('Question 12')).toBeTruthy();
    expect(within(drawer).getByText('Misinformation')).toBeTruthy();
  });

  it('filters by rating and by reason, from the first page', async () => {
    const api = serveFeedback(() => ({ data: { data: RATED, total: 2 } }));
    await openFeedback();
    await screen.findByText('Question 12');
    expect(api.paramsOf(INSIGHTS_API.feedbackList)).toEqual([{ agent_id: 5, page: 1, page_size: 10 }]);
    fireEvent.click(screen.getByText('Likes', { selector: '.ant-segmented-item-label' }));
    await waitFor(() =>
      expect(api.paramsOf(INSIGHTS_API.feedbackList).at(-1)).toEqual({
        agent_id: 5,
        page: 1,
        page_size: 10,
        rating: 'like',
      }),
    );
    fireEvent.click(screen.getByText('All', { selector: '.ant-segmented-item-label' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Reason' }));
    fireEvent.click(
      await screen.findByText('Violates rights', { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() =>
      expect(api.paramsOf(INSIGHTS_API.feedbackList).at(-1)).toEqual({
        agent_id: 5,
        page: 1,
        page_size: 10,
        rating: 'dislike',
        reason: 'violates_rights',
      }),
    );
  });

  it('pages through many ratings', async () => {
    const api = serveFeedback((params) => ({
      data: { data: [entry(100 + Number(params.page))], total: 25 },
    }));
    await openFeedback();
    await screen.findByText('Question 101');
    fireEvent.click(screen.getByRole('listitem', { name: '3' }));
    expect(await screen.findByText('Question 103')).toBeTruthy();
    expect(api.paramsOf(INSIGHTS_API.feedbackList).at(-1)).toMatchObject({ page: 3, page_size: 10 });
  });

  it('shows loading, then an empty list', async () => {
    let answer = (_: FakeAnswer) => {};
    serveFeedback(() => new Promise<FakeAnswer>((resolve) => (answer = resolve)));
    const { container } = await openFeedback();
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeTruthy());
    answer({ data: { data: [], total: 0 } });
    expect(await screen.findByText('No likes or dislikes yet.')).toBeTruthy();
  });
});
