import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { closeOpenCodeFence } from '../model/close-code-fence.ts';

/** A reply as Markdown; raw HTML in it stays text (react-markdown renders none without a plugin). */
export function MarkdownReply({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <Markdown remarkPlugins={[remarkGfm]}>{closeOpenCodeFence(text)}</Markdown>
    </div>
  );
}
