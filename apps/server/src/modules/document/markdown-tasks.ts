import { Marked, type Tokens } from 'marked';

/**
 * GitHub-flavoured Markdown read into HTML the document schema parses, task lists (`- [ ]`,
 * `- [x]`) included: marked writes them as plain list items with a disabled checkbox, which the
 * schema has no node for, so they came in as bullets without their state. A list mixing tasks and
 * plain items is split into runs, each its own list, as the editor cannot mix them in one.
 */
export const gfmMarked = new Marked({
  gfm: true,
  renderer: {
    checkbox: () => '',
    list(token: Tokens.List) {
      if (!token.items.some((item) => item.task)) return false;
      const runs: Tokens.ListItem[][] = [];
      for (const item of token.items) {
        const last = runs.at(-1);
        if (last && last[0]!.task === item.task) last.push(item);
        else runs.push([item]);
      }
      let html = '';
      let start = typeof token.start === 'number' ? token.start : 1;
      for (const run of runs) {
        if (run[0]!.task) {
          html += `<ul data-type="taskList">${run
            .map(
              (item) =>
                `<li data-type="taskItem" data-checked="${item.checked ? 'true' : 'false'}">${this.parser.parse(item.tokens)}</li>`,
            )
            .join('')}</ul>\n`;
        } else {
          const tag = token.ordered ? 'ol' : 'ul';
          const startAttribute = token.ordered && start !== 1 ? ` start="${start}"` : '';
          html += `<${tag}${startAttribute}>${run.map((item) => this.listitem(item)).join('')}</${tag}>\n`;
        }
        start += run.length;
      }
      return html;
    },
  },
});
