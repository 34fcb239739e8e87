import { documentExtensions } from '@tandem/editor/extensions';
import { getSchema } from '@tiptap/core';
import * as Y from 'yjs';

const schema = getSchema(documentExtensions());
/** Elements an editor may create: the schema's nodes but the document itself and text (text is Y.XmlText). */
const NODE_NAMES = new Set(Object.keys(schema.nodes).filter((name) => name !== 'doc' && name !== 'text'));
const MARK_NAMES = new Set(Object.keys(schema.marks));
/** y-prosemirror names a mark that may overlap itself `<name>--<8 characters of hash>`. */
const markNameOf = (key: string) => /^(.*)--[a-zA-Z0-9+/=]{8}$/.exec(key)?.[1] ?? key;

export type UpdateCheck = { isEditorUpdate: boolean; addsContent: boolean };

const NOT_AN_UPDATE: UpdateCheck = { isEditorUpdate: false, addsContent: true };

/**
 * Whether an update from an editor holds only what the editor itself writes (`isEditorUpdate`):
 * elements and marks of the document schema, text and attributes. Anything else (a `script` element,
 * an unknown mark, a map, an embed, a sub-document) would make every later HTML, Markdown or DOCX
 * reading of the document fail for everyone, so such an update is refused before it is applied; so
 * are bytes that are not a Yjs update at all. `addsContent` is false for an update that only deletes.
 */
export function checkUpdate(update: Uint8Array): UpdateCheck {
  let structs: ReturnType<typeof Y.decodeUpdate>['structs'];
  try {
    structs = Y.decodeUpdate(update).structs;
  } catch {
    return NOT_AN_UPDATE;
  }
  let addsContent = false;
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    addsContent = true;
    const content = struct.content;
    if (content instanceof Y.ContentType) {
      const type = content.type;
      if (type instanceof Y.XmlElement) {
        if (!NODE_NAMES.has(type.nodeName)) return NOT_AN_UPDATE;
      } else if (!(type instanceof Y.XmlText)) {
        return NOT_AN_UPDATE;
      }
    } else if (content instanceof Y.ContentFormat) {
      if (!MARK_NAMES.has(markNameOf(content.key))) return NOT_AN_UPDATE;
    } else if (
      !(content instanceof Y.ContentString) &&
      !(content instanceof Y.ContentAny) &&
      !(content instanceof Y.ContentDeleted)
    ) {
      return NOT_AN_UPDATE;
    }
  }
  return { isEditorUpdate: true, addsContent };
}
