// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { jsonToHtml, jsonToMarkdown, markdownToJson } from './document-content.ts';

describe('Markdown task lists', () => {
  it('come in as task lists that keep which items are done, nested ones too, and go out the same', () => {
    const markdown = '- [ ] Book the room\n- [x] **Send** the agenda\n  - [ ] Print it\n';
    const json = markdownToJson(markdown);
    expect(jsonToHtml(json)).toBe(
      '<ul data-type="taskList">' +
        '<li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label><div><p>Book the room</p></div></li>' +
        '<li data-checked="true" data-type="taskItem"><label><input type="checkbox" checked="checked"><span></span></label><div><p><strong>Send</strong> the agenda</p>' +
        '<ul data-type="taskList"><li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label><div><p>Print it</p></div></li></ul>' +
        '</div></li></ul>',
    );
    expect(jsonToMarkdown(json)).toBe('- [ ] Book the room\n- [x] **Send** the agenda\n  - [ ] Print it');
  });

  it('split a list mixing tasks and plain items into runs, and leave plain lists alone', () => {
    const json = markdownToJson('- [x] Done\n- Note\n\n1. One\n2. Two\n');
    expect(json.content?.map((node) => node.type)).toEqual(['taskList', 'bulletList', 'orderedList']);
    expect(jsonToMarkdown(json)).toBe('- [x] Done\n\n- Note\n\n1. One\n2. Two');
  });
});
