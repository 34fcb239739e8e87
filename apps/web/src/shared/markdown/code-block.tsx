import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtraProps } from 'react-markdown';
import { copyText } from '../ui/copy-text.ts';
import { showNotice } from '../ui/notices.ts';

type Element = NonNullable<ExtraProps['node']>;

/** How long the button says "Copied" before offering to copy again. */
const COPIED_SHOWN_MS = 2000;

/** The fence's language (`language-ts` on its code element), if it named one. */
export function languageOf(node: Element | undefined): string | undefined {
  const code = node?.children.find((child): child is Element => child.type === 'element');
  const classes = code?.properties.className;
  const names = Array.isArray(classes) ? classes.map(String) : [];
  return names.find((name) => name.startsWith('language-'))?.slice('language-'.length);
}

/** A code block of a reply: its language above it, and a button copying the code as written. */
export function CodeBlock({ node, children, ...props }: ComponentProps<'pre'> & ExtraProps) {
  const { t } = useTranslation();
  const pre = useRef<HTMLPreElement>(null);
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => {
    try {
      await copyText((pre.current?.textContent ?? '').replace(/\n$/, ''));
      setCopied(true);
    } catch {
      showNotice({ key: 'chat.copy_code_failed' });
    }
  };
  const label = isCopied ? t('chat.code_copied') : t('chat.copy_code');
  return (
    <div className="markdown-code">
      <div className="markdown-code__bar">
        <span className="markdown-code__language">{languageOf(node) ?? t('chat.code')}</span>
        <Button
          size="small"
          type="text"
          className="markdown-code__copy"
          icon={isCopied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />}
          onClick={() => void copy()}
        >
          {label}
        </Button>
      </div>
      <pre ref={pre} {...props}>
        {children}
      </pre>
    </div>
  );
}
