import type { Editor } from '@tiptap/react';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** Adds, changes or (an empty address) removes the link on the selected text. */
export function LinkDialog({ editor, onClose }: { editor: Editor; onClose(): void }) {
  const { t } = useTranslation();
  const [href, setHref] = useState<string>(() => editor.getAttributes('link').href ?? '');
  const trimmed = href.trim();
  const address = !trimmed || SAFE_LINK.test(trimmed) ? trimmed : `https://${trimmed}`;

  function save() {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (address) chain.setLink({ href: address }).run();
    else chain.unsetLink().run();
    onClose();
  }

  return (
    <Modal
      open
      title={t('doc_editor.link_title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input
        autoFocus
        value={href}
        placeholder="https://"
        aria-label={t('doc_editor.link_address')}
        onChange={(event) => setHref(event.target.value)}
        onPressEnter={save}
      />
    </Modal>
  );
}
