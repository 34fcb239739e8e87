import { mergeAttributes, Node } from '@tiptap/core';

export interface AttachmentAttributes {
  url: string;
  name: string;
  size: number;
  mime: string;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    attachment: {
      insertAttachment: (attributes: AttachmentAttributes) => ReturnType;
    };
  }
}

/** A file attached to a document (up to 20 MB): a block with the file's name that downloads it. */
export const Attachment = Node.create({
  name: 'attachment',
  group: 'block',
  atom: true,
  draggable: true,

  addAttributes() {
    return {
      // The link inside carries the address; the others are data-* attributes of the block.
      url: {
        default: '',
        parseHTML: (element) =>
          element.querySelector('a')?.getAttribute('href') ?? element.getAttribute('data-url') ?? '',
        renderHTML: () => ({}),
      },
      name: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-name') ?? element.textContent ?? '',
        renderHTML: ({ name }) => ({ 'data-name': name }),
      },
      size: {
        default: 0,
        parseHTML: (element) => Number(element.getAttribute('data-size')) || 0,
        renderHTML: ({ size }) => ({ 'data-size': size }),
      },
      mime: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-mime') ?? '',
        renderHTML: ({ mime }) => ({ 'data-mime': mime }),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'div[data-attachment]', priority: 100 }];
  },

  renderHTML({ node, HTMLAttributes }) {
    const { url, name } = node.attrs as AttachmentAttributes;
    return [
      'div',
      mergeAttributes(HTMLAttributes, { 'data-attachment': '', class: 'doc-attachment' }),
      ['a', { href: url, download: name }, name],
    ];
  },

  renderMarkdown: (node) => {
    const { url, name } = node.attrs as AttachmentAttributes;
    return `[${name.replace(/[[\]]/g, '\\$&')}](${url})`;
  },

  addCommands() {
    return {
      insertAttachment:
        (attributes) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: attributes }),
    };
  },
});
