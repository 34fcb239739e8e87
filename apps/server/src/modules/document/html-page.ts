const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A document as a page that stands on its own: its name as the page title (and as its first heading when the text has none), its own styles (light and
 * dark), and our uploads' addresses made absolute so pictures and attachments still load from the saved file.
 */
export function standalonePage(
  title: string,
  bodyHtml: string,
  context: { locale: string; origin: string; heading?: string },
) {
  const body = bodyHtml.replace(/(src|href)="(\/api\/upload\/files\/[^"]+)"/g, `$1="${context.origin}$2"`);
  return `<!doctype html>
<html lang="${escapeHtml(context.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { margin: 0; background: #fff; color: #1f2328; font: 16px/1.7 -apple-system, "Segoe UI", "Noto Sans", "PingFang SC", "Hiragino Sans", "Microsoft YaHei", sans-serif; }
main { max-width: 820px; margin: 0 auto; padding: 48px 24px; }
h1, h2, h3, h4, h5, h6, [role="heading"] { line-height: 1.3; margin: 1.4em 0 0.5em; font-weight: 600; }
[data-level="7"], [data-level="8"], [data-level="9"] { font-size: 1em; }
[data-level="9"] { font-style: italic; }
pre { background: #f6f8fa; padding: 12px 16px; border-radius: 6px; overflow-x: auto; }
code { font-family: ui-monospace, Consolas, monospace; font-size: 0.9em; }
blockquote { margin: 0; padding-left: 16px; border-left: 4px solid #d0d7de; color: #57606a; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #d0d7de; padding: 6px 10px; vertical-align: top; text-align: left; }
th { background: #f6f8fa; }
li > p, li > div > p, td > p, th > p, blockquote > p { margin: 0.2em 0; }
a { color: #0969da; }
img { max-width: 100%; }
ul[data-type="taskList"] { list-style: none; padding-left: 4px; }
ul[data-type="taskList"] li { display: flex; gap: 8px; align-items: baseline; }
ul[data-type="taskList"] li > div { flex: 1; }
.doc-attachment { border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 12px; margin: 8px 0; }
@media (prefers-color-scheme: dark) {
  body { background: #0d1117; color: #e6edf3; }
  a { color: #58a6ff; }
  pre, th { background: #161b22; }
  th, td, blockquote, .doc-attachment { border-color: #30363d; }
}
</style>
</head>
<body>
<main>
${context.heading ? `<h1>${escapeHtml(context.heading)}</h1>\n` : ''}${body}
</main>
</body>
</html>
`;
}
