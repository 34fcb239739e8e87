import { describe, expect, it } from 'vitest';
import { agentIdOf, editorPathOf } from '../../../shared/routing/agent-paths.ts';
import { initialsOf, paletteOf } from '../../../shared/ui/agent-avatar/generated-avatar.ts';
import { clampParam, presetAfterEdit, withPreset } from './model-params.ts';
import { agentPageUrlOf, embedCodeOf } from './share-codes.ts';
import { BLANK_VALUES, configOf, snapshotOf } from './wizard-values.ts';

describe('randomness presets', () => {
  it('set temperature, top_p and both penalties, and keep the context window and max tokens', () => {
    const params = { ...BLANK_VALUES.params, context_window: 20, max_tokens: 500 };
    expect(withPreset(params, 'accurate')).toEqual({
      ...params,
      preset: 'accurate',
      temperature: 0.1,
      top_p: 0.7,
      presence_penalty: 0,
      frequency_penalty: 0,
    });
    expect(withPreset({ ...params, temperature: 1.7 }, 'custom')).toMatchObject({
      preset: 'custom',
      temperature: 1.7,
    });
  });

  it('turn custom when a value they set is changed, and not for the others', () => {
    expect(presetAfterEdit({ top_p: 0.5 }, 'stable')).toBe('custom');
    expect(presetAfterEdit({ max_tokens: 100 }, 'stable')).toBe('stable');
    expect(presetAfterEdit({ context_window: 3 }, 'random')).toBe('random');
  });

  it('keeps typed values within range and on the step', () => {
    expect(clampParam('temperature', 5)).toBe(2);
    expect(clampParam('presence_penalty', -9)).toBe(-2);
    expect(clampParam('top_p', 0.33)).toBe(0.35);
    expect(clampParam('max_tokens', 0)).toBe(1);
    expect(clampParam('context_window', 7.4)).toBe(7);
  });
});

describe('the generated avatar', () => {
  it('takes two initials, or one character of a name without spaces in Chinese or Japanese', () => {
    expect(initialsOf('travel planner')).toBe('TP');
    expect(initialsOf('Helper')).toBe('HE');
    expect(initialsOf('旅行规划师')).toBe('旅');
    expect(initialsOf('  ')).toBe('?');
  });

  it('gives a name the same colours every time, and other ones for another variant', () => {
    expect(paletteOf('Helper')).toEqual(paletteOf(' helper '));
    expect(paletteOf('Helper', 1)).not.toEqual(paletteOf('Helper'));
  });
});

describe('the editor values', () => {
  it('fill in what a partial configuration lacks', () => {
    const config = configOf({ name: 'X', params: { ...BLANK_VALUES.params, temperature: 1 } });
    expect(config).toMatchObject({ name: 'X', markdown: true, knowledge_ids: [], model_id: null });
    expect(config.params.temperature).toBe(1);
  });

  it('tell a change apart from the same values in another order', () => {
    const reordered = { ...BLANK_VALUES, params: { ...BLANK_VALUES.params } };
    expect(snapshotOf(reordered)).toBe(snapshotOf(BLANK_VALUES));
    expect(snapshotOf({ ...BLANK_VALUES, access: 'web_public' })).not.toBe(snapshotOf(BLANK_VALUES));
  });
});

describe('addresses and embed codes', () => {
  it('carry the agent in the workspace query', () => {
    expect(editorPathOf(5)).toBe('/agent/index/creation?agent_id=5');
    expect(editorPathOf()).toBe('/agent/index/creation');
    expect(agentIdOf(new URLSearchParams('agent_id=12'))).toBe(12);
    expect(agentIdOf(new URLSearchParams('agent_id=x'))).toBeNull();
  });

  it('open a web-public agent’s chat for anyone, a team agent’s in the app', () => {
    expect(agentPageUrlOf('https://tandem.example', 'key-0001', 'web_public')).toBe(
      'https://tandem.example/embed/agent/key-0001',
    );
    expect(agentPageUrlOf('https://tandem.example', 'key-0001', 'team_private')).toBe(
      'https://tandem.example/chat?agent_key=key-0001',
    );
  });

  it('escape the title in the snippet', () => {
    const code = embedCodeOf('iframe', 'https://tandem.example', 'key-0001', 'Say "hi" <b>');
    expect(code).toContain('src="https://tandem.example/embed/agent/key-0001"');
    expect(code).toContain('title="Say &quot;hi&quot; &lt;b&gt;"');
    expect(embedCodeOf('script', 'https://tandem.example', 'key-0001', 'A')).toContain(
      'data-agent-key="key-0001"',
    );
  });
});
