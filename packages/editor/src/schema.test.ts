import { generateHTML, generateJSON } from '@tiptap/html/server';
import { describe, expect, it } from 'vitest';
import { documentExtensions } from './extensions.ts';

const extensions = documentExtensions();

describe('the document schema', () => {
  it('keeps headings 1 to 9 through HTML, levels past 6 as headings a screen reader announces', () => {
    const html = [1, 2, 3, 4, 5, 6, 7, 8, 9]
      .map((level) =>
        level <= 6
          ? `<h${level}>Level ${level}</h${level}>`
          : `<p role="heading" aria-level="${level}" data-level="${level}">Level ${level}</p>`,
      )
      .join('');
    const json = generateJSON(html, extensions);
    expect(json.content.map((node: { attrs: { level: number } }) => node.attrs.level)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    const back = generateHTML(json, extensions);
    expect(back).toContain('<h6>Level 6</h6>');
    expect(back).toContain('<p role="heading" aria-level="9" data-level="9">Level 9</p>');
    expect(generateJSON(back, extensions)).toEqual(json);
  });

  it('holds tables, task lists, images and attachments', () => {
    const html =
      '<table><tbody><tr><th><p>City</p></th><th><p>Days</p></th></tr><tr><td><p>Kyoto</p></td><td><p>3</p></td></tr></tbody></table>' +
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>Pack</p></li></ul>' +
      '<img src="/api/upload/file/a.png" alt="map">' +
      '<div data-attachment="" data-name="plan.pdf" data-size="2048" data-mime="application/pdf"><a href="/api/upload/file/b.pdf">plan.pdf</a></div>';
    const json = generateJSON(html, extensions);
    expect(json.content.map((node: { type: string }) => node.type)).toEqual([
      'table',
      'taskList',
      'image',
      'attachment',
    ]);
    expect(json.content[3].attrs).toEqual({
      url: '/api/upload/file/b.pdf',
      name: 'plan.pdf',
      size: 2048,
      mime: 'application/pdf',
    });
    const back = generateHTML(json, extensions);
    // The attachment's details are data-* attributes only, its address the link's.
    expect(back).toContain(
      '<div data-name="plan.pdf" data-size="2048" data-mime="application/pdf" data-attachment="" class="doc-attachment"><a href="/api/upload/file/b.pdf" download="plan.pdf">plan.pdf</a></div>',
    );
    expect(generateJSON(back, extensions)).toEqual(json);
  });
});
