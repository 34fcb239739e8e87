import { message } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { bindNotices, type Notice } from '../shared/ui/notices.ts';

/**
 * Shows notices as antd messages. Loaded on the first notice, so the sign-in page does not download the
 * message component before anything goes wrong.
 */
export function NoticeHost() {
  const [messageApi, contextHolder] = message.useMessage({ maxCount: 3 });
  const { t } = useTranslation();
  const errorKeys = useRef(new Set<string>());
  const shownKeys = useRef(new Set<string>());
  useEffect(() => {
    const text = (notice: Notice) => ('text' in notice ? notice.text : t(notice.key, notice.values));
    return bindNotices(
      (notice, level) => {
        const content = text(notice);
        if (level === 'error') errorKeys.current.add(content);
        shownKeys.current.add(content);
        // One toast per text: a burst of failing calls should not stack identical messages.
        void messageApi.open({ type: level, content, key: content });
      },
      () => {
        for (const key of errorKeys.current) messageApi.destroy(key);
        errorKeys.current.clear();
      },
      () => {
        for (const key of shownKeys.current) messageApi.destroy(key);
        shownKeys.current.clear();
        errorKeys.current.clear();
      },
    );
  }, [messageApi, t]);
  return contextHolder;
}
