import { Fragment, type ReactNode } from 'react';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * Renders `<name>text</name>` slots of a translated sentence with the given elements, so each language
 * keeps its own word order ("agree to the <terms>Terms</terms>"). Unknown tags render as plain text.
 */
export function RichText({
  text,
  tags,
}: {
  text: string;
  tags: Record<string, (chunk: string) => ReactNode>;
}) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', chunk = ''] = match;
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    const render = tags[name];
    parts.push(<Fragment key={index}>{render ? render(chunk) : chunk}</Fragment>);
    last = index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
