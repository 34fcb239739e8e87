import { useEffect, useMemo, useReducer } from 'react';
import Markdown, { type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { closeOpenCodeFence } from './close-code-fence.ts';
import { CodeBlock } from './code-block.tsx';
import { MarkdownImage } from './markdown-image.tsx';
import './markdown.css';

type Plugins = {
  remark: NonNullable<Options['remarkPlugins']>;
  rehype: NonNullable<Options['rehypePlugins']>;
};

/** Plugins read from their own chunk the first time a reply needs them, then kept. */
function lazyPlugins(load: () => Promise<Plugins>) {
  let loaded: Plugins | undefined;
  let loading: Promise<unknown> | undefined;
  return {
    get: () => loaded,
    load: () =>
      (loading ??= load().then(
        (plugins) => {
          loaded = plugins;
        },
        // Offline or a stale deployment: the reply stays readable as plain Markdown.
        () => {
          loading = undefined;
        },
      )),
  };
}

/** `$…$` and `$$…$$` math by KaTeX (about 75 KB gzip with its styles); math that fails to parse shows as its source. */
const math = lazyPlugins(async () => {
  const [{ default: remarkMath }, { default: rehypeKatex }] = await Promise.all([
    import('remark-math'),
    import('rehype-katex'),
    import('katex/dist/katex.min.css'),
  ]);
  return { remark: [remarkMath], rehype: [[rehypeKatex, { throwOnError: false, strict: false }]] };
});

/** Code blocks highlighted by their language (highlight.js's common languages). */
const code = lazyPlugins(async () => {
  const { default: rehypeHighlight } = await import('rehype-highlight');
  return { remark: [], rehype: [rehypeHighlight] };
});

const COMPONENTS: Options['components'] = { img: MarkdownImage, pre: CodeBlock };

const mayHaveMath = (text: string) => text.includes('$');
const mayHaveCode = (text: string) => text.includes('```') || text.includes('~~~');

/** The plugins once loaded, when the text wants them; asking loads them and renders again. */
function usePlugins(plugins: ReturnType<typeof lazyPlugins>, isWanted: boolean) {
  const [, loaded] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (isWanted && !plugins.get()) void plugins.load().then(loaded);
  }, [plugins, isWanted]);
  return isWanted ? plugins.get() : undefined;
}

/** Highlighting of code by its language (the replies' own, from the same chunk), once loaded. */
export const useCodeHighlighting = (isWanted: boolean) => usePlugins(code, isWanted);

/**
 * A reply as Markdown: GitHub's tables and lists, math, code blocks highlighted by their language,
 * each with its language and a copy button (CodeBlock).
 * Raw HTML in it stays text (react-markdown renders none without a plugin); images from other sites
 * wait for a click (MarkdownImage); a code block still open
 * while the reply streams is closed for display. Math and highlighting come in their own chunks, read
 * the first time a reply has `$` or a code fence, so pages without them do not pay for them.
 */
export function MarkdownReply({ text }: { text: string }) {
  const withMath = usePlugins(math, mayHaveMath(text));
  const withCode = usePlugins(code, mayHaveCode(text));
  const [remarkPlugins, rehypePlugins] = useMemo(
    () => [
      [remarkGfm, ...(withMath?.remark ?? [])],
      [...(withMath?.rehype ?? []), ...(withCode?.rehype ?? [])],
    ],
    [withMath, withCode],
  );
  return (
    <div className="chat-markdown">
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={COMPONENTS}>
        {closeOpenCodeFence(text)}
      </Markdown>
    </div>
  );
}
