import Markdown from 'react-markdown';
import { useCodeHighlighting } from './markdown-reply.tsx';
import './markdown.css';

/** A code fence longer than any run of backticks in the code, so none of it can close the fence. */
const fenceFor = (code: string) =>
  '`'.repeat(Math.max(3, ...[...code.matchAll(/`{3,}/g)].map((run) => run[0].length + 1)));

/**
 * A whole file's code, highlighted as the replies' code blocks are (highlight.js through
 * rehype-highlight, loaded the first time, in both themes); plain until then, and in a language it
 * does not know.
 */
export function HighlightedCode({ code, language }: { code: string; language?: string }) {
  const highlighting = useCodeHighlighting(language !== undefined);
  const fence = fenceFor(code);
  return (
    <div className="chat-markdown highlighted-code">
      <Markdown rehypePlugins={highlighting?.rehype ?? []}>
        {`${fence}${language ?? ''}\n${code.replace(/\n$/, '')}\n${fence}`}
      </Markdown>
    </div>
  );
}
