import { AI_WRITING_API } from '@tandem/contract/ai-writing';
import { MODEL_API } from '@tandem/contract/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../test/dom-setup.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { WritingModelSection } from './writing-model-section.tsx';

const model = (id: number, name: string, points: number) => ({
  id,
  name,
  provider_name: 'Local',
  parameter_size: '',
  training_date: '',
  context_length: 8192,
  supports_images: false,
  points_per_request: points,
});

describe('the writing model section', () => {
  it('uses the first completion model until an admin chooses one, then spends the chosen one', async () => {
    let chosen: number | null = null;
    const api = fakeApi({
      [MODEL_API.available]: () => ({ data: [model(1, 'Fast', 1), model(2, 'Careful', 5)] }),
      [AI_WRITING_API.adminWritingModel]: () => ({
        data: {
          chosen_id: chosen,
          effective:
            chosen === 2
              ? { id: 2, name: 'Careful', points_per_request: 5 }
              : { id: 1, name: 'Fast', points_per_request: 1 },
        },
      }),
      [AI_WRITING_API.setWritingModel]: (body) => {
        chosen = (body as { model_id: number | null }).model_id;
        return { data: null };
      },
    });
    await renderPage(<WritingModelSection />);
    expect(await screen.findByText('In use: Fast (1 point per request)')).toBeTruthy();
    expect(screen.getByText('Default: the first completion model')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Writing model' }));
    fireEvent.click(await screen.findByText('Careful · Local'));
    await waitFor(() => expect(api.bodiesOf(AI_WRITING_API.setWritingModel)).toEqual([{ model_id: 2 }]));
    expect(await screen.findByText('In use: Careful (5 points per request)')).toBeTruthy();
  });

  it('says when no completion model can be used, and when the chosen one is switched off', async () => {
    fakeApi({
      [MODEL_API.available]: () => ({ data: [] }),
      [AI_WRITING_API.adminWritingModel]: () => ({ data: { chosen_id: 7, effective: null } }),
    });
    await renderPage(<WritingModelSection />);
    expect(await screen.findByText('No completion model is available.')).toBeTruthy();
    expect(screen.getByText('The chosen model is switched off: the default is used.')).toBeTruthy();
  });
});
