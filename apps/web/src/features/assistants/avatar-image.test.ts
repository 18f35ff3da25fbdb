import { describe, expect, it } from 'vitest';
import { AVATAR_ACCEPT, AVATAR_UPLOAD_HINT, avatarFileProblem, avatarInitials, uploadPercent } from './avatar-image';

const INVALID = 'Upload a valid image. The file you uploaded was not a PNG, JPEG, WebP or GIF image.';

describe('avatarFileProblem', () => {
  it('lets the four image formats through, up to the limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(avatarFileProblem({ type, size: 2_097_152 })).toBeNull();
    }
  });

  it('refuses other types and empty files with the server’s message', () => {
    for (const type of ['image/svg+xml', 'text/html', 'text/plain', 'application/pdf']) {
      expect(avatarFileProblem({ type, size: 100 })).toBe(INVALID);
    }
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toBe(INVALID);
  });

  it('refuses a file over the limit with the server’s 413 message', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 2_097_153 })).toBe('The avatar image is too large: the limit is 2 MB.');
    expect(avatarFileProblem({ type: 'image/gif', size: 5000 }, 4096)).toBe('The avatar image is too large: the limit is 4 KB.');
  });

  it('leaves a file the browser could not type to the server, which reads its bytes', () => {
    expect(avatarFileProblem({ type: '', size: 100 })).toBeNull();
  });

  it('offers the same formats in the picker and the hint', () => {
    expect(AVATAR_ACCEPT).toBe('image/png,image/jpeg,image/webp,image/gif');
    expect(AVATAR_UPLOAD_HINT).toBe('PNG, JPEG, WebP or GIF, up to 2 MB');
  });
});

describe('avatarInitials', () => {
  it('takes the first and last words’ first letters, upper-cased', () => {
    expect(avatarInitials('Shop helper')).toBe('SH');
    expect(avatarInitials('  the size   guide bot ')).toBe('TB');
    expect(avatarInitials('aisle')).toBe('A');
  });

  it('never splits a character, and is empty for a blank name', () => {
    expect(avatarInitials('Émile 🛍️shop')).toBe('É🛍');
    expect(avatarInitials('   ')).toBe('');
  });
});

describe('uploadPercent', () => {
  it('rounds to whole percent within 0–100, and is 0 while the size is unknown', () => {
    expect(uploadPercent(512, 2048)).toBe(25);
    expect(uploadPercent(2, 3)).toBe(67);
    expect(uploadPercent(4096, 2048)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
  });
});
