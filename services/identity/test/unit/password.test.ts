// Password hashing: scrypt with a per-password salt, PHC strings that carry their cost, and a
// verification that only a matching password passes.
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SCRYPT_COST, PasswordHasher } from '../../src/passwords/password.js';

describe(PasswordHasher.name, () => {
  const fast = new PasswordHasher({ ln: 10, r: 8, p: 1 });

  it('hashes with the strong default cost (32 MiB, beyond node’s default scrypt memory cap)', async () => {
    expect(DEFAULT_SCRYPT_COST).toEqual({ ln: 15, r: 8, p: 3 });
    const hash = await new PasswordHasher().hash('correct horse battery staple');
    expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await new PasswordHasher().verify('correct horse battery staple', hash)).toBe(true);
  });

  it('salts every hash, so equal passwords give different hashes', async () => {
    const [a, b] = await Promise.all([fast.hash('same password'), fast.hash('same password')]);
    expect(a).not.toBe(b);
    expect(a.split('$')[3]).not.toBe(b.split('$')[3]);
    expect(await fast.verify('same password', a)).toBe(true);
    expect(await fast.verify('same password', b)).toBe(true);
  });

  it('refuses a wrong password, a near miss and an empty one', async () => {
    const hash = await fast.hash('Tr0ub4dor&3');
    for (const attempt of ['tr0ub4dor&3', 'Tr0ub4dor&', 'Tr0ub4dor&3 ', '']) expect(await fast.verify(attempt, hash)).toBe(false);
  });

  it('verifies a hash made with another cost (the cost travels in the hash)', async () => {
    const old = await new PasswordHasher({ ln: 11, r: 8, p: 2 }).hash('kept password');
    expect(await fast.verify('kept password', old)).toBe(true);
  });

  it('treats composed and decomposed unicode as the same password', async () => {
    const hash = await fast.hash('caf\u00e9 ol\u00e9');
    expect(await fast.verify('cafe\u0301 ole\u0301', hash)).toBe(true);
  });

  it('answers false for unreadable or tampered hashes instead of throwing', async () => {
    const hash = await fast.hash('password');
    for (const stored of ['', 'plain', hash.replace('ln=10', 'ln=99'), hash.slice(0, -10), `${hash.slice(0, -2)}AA`]) {
      expect(await fast.verify('password', stored)).toBe(false);
    }
  });

  it('verifyNobody spends a verification and always answers false', async () => {
    expect(await fast.verifyNobody('anything')).toBe(false);
    expect(await fast.verifyNobody('anything')).toBe(false);
  });
});
