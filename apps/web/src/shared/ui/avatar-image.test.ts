import { AVATAR_MAX_BYTES } from '@tandem/contract/limits';
import { describe, expect, it } from 'vitest';
import { avatarFileProblem, fitScale, hasAvatarExtension, shouldCrop } from './avatar-image.ts';

describe('an avatar file', () => {
  it.each(['me.gif', 'me.JPG', 'me.jpeg', 'me.png', 'me.bmp', 'my.photo.png'])('may be %s', (name) => {
    expect(hasAvatarExtension(name)).toBe(true);
  });

  it.each(['me.webp', 'me.svg', 'png', 'me.png.exe', 'me.'])('may not be %s', (name) => {
    expect(hasAvatarExtension(name)).toBe(false);
  });

  it('names the image type error for a wrong name, and the size error past the limit', () => {
    expect(avatarFileProblem({ name: 'notes.txt', size: 10 })).toBe('error.image_type_error');
    expect(avatarFileProblem({ name: 'me.png', size: AVATAR_MAX_BYTES + 1 })).toBe(
      'error.image_size_exceeded',
    );
    expect(avatarFileProblem({ name: 'me.png', size: AVATAR_MAX_BYTES })).toBeNull();
  });
});

describe('choosing pictures', () => {
  it('crops a single picture and uploads several as they are', () => {
    expect(shouldCrop([{}])).toBe(true);
    expect(shouldCrop([{}, {}])).toBe(false);
  });

  it('brings the longer side down to 2000 px, never up', () => {
    expect(fitScale(4000, 1000)).toBe(0.5);
    expect(fitScale(1000, 8000)).toBe(0.25);
    expect(fitScale(300, 200)).toBe(1);
  });
});
