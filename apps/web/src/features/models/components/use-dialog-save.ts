import type { FormInstance } from 'antd';
import { useState } from 'react';
import { showNotice } from '../../../shared/ui/notices.ts';

/** A dialog's save: checks the form, sends it, says so, refreshes the lists and closes. */
export function useDialogSave<Values>(
  form: FormInstance<Values>,
  send: (values: Values) => Promise<unknown>,
  { onSaved, onClose }: { onSaved: () => void; onClose: () => void },
) {
  const [isSaving, setIsSaving] = useState(false);
  async function save() {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setIsSaving(true);
    try {
      await send(values);
      showNotice({ key: 'models_admin.saved' }, 'success');
      onSaved();
      onClose();
    } catch {
      // Reported by the HTTP client.
    } finally {
      setIsSaving(false);
    }
  }
  return { isSaving, save };
}
