// The proof-of-work hash must be SHA-256 exactly (the forms service checks with node:crypto).
import { describe, expect, it } from '@jest/globals';
import { leadingZeroBits, sha256Words } from './sha256.js';

const hex = (text: string) => [...sha256Words(text)].map((w) => w.toString(16).padStart(8, '0')).join('');

describe('sha256', () => {
  it('matches the standard test vectors', () => {
    expect(hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(hex('a'.repeat(1000))).toBe('41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3');
  });

  it('counts leading zero bits', () => {
    // SHA-256('abc') starts with 0xba: no leading zero bits.
    expect(leadingZeroBits('abc')).toBe(0);
    let nonce = 0;
    while (leadingZeroBits(`salt:${nonce}`) < 8) nonce++;
    expect(hex(`salt:${nonce}`).slice(0, 2)).toBe('00');
  });
});
