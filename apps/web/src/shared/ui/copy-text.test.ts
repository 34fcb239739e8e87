import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text.ts';

/** What the copy command copied: the selected text of the field it ran on, as a browser copies it. */
function fakeCopyCommand(answer: boolean) {
  const copied: string[] = [];
  const execCommand = vi.fn((command: string) => {
    const field = document.activeElement;
    if (command === 'copy' && answer && field instanceof HTMLTextAreaElement) copied.push(field.value);
    return answer;
  });
  Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
  return { copied, execCommand };
}

function clipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
  Reflect.deleteProperty(navigator, 'clipboard');
  document.body.replaceChildren();
});

describe('copyText', () => {
  it('copies with the Clipboard API where the page has it', async () => {
    const writeText = vi.fn(async () => {});
    clipboard(writeText);
    const { execCommand } = fakeCopyCommand(true);
    await copyText('https://example.test/share/1');
    expect(writeText).toHaveBeenCalledWith('https://example.test/share/1');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('copies with the copy command on a plain-HTTP address, where there is no Clipboard API, and leaves the page as it was', async () => {
    clipboard(undefined);
    const { copied } = fakeCopyCommand(true);
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    await copyText('http://192.168.1.20:3000/chat/abc');
    expect(copied).toEqual(['http://192.168.1.20:3000/chat/abc']);
    expect(document.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('falls back to the copy command when the browser refuses the Clipboard API', async () => {
    clipboard(async () => {
      throw new DOMException('Document is not focused.', 'NotAllowedError');
    });
    const { copied } = fakeCopyCommand(true);
    await copyText('reply text');
    expect(copied).toEqual(['reply text']);
  });

  it('rejects when nothing could copy, so the caller can say so', async () => {
    clipboard(undefined);
    fakeCopyCommand(false);
    await expect(copyText('x')).rejects.toThrow('copy refused');
    expect(document.querySelector('textarea')).toBeNull();
    Reflect.deleteProperty(document, 'execCommand');
    await expect(copyText('x')).rejects.toThrow('copy refused');
  });
});
