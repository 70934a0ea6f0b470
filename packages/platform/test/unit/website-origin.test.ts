// The public origin of a website (http/website-origin.ts): made from PUBLIC_URL and a domain only.
import { describe, expect, it } from '@jest/globals';
import { isOrigin, websiteOrigin } from '../../src/http/website-origin.js';

describe(websiteOrigin.name, () => {
  it("takes PUBLIC_URL's scheme and port and the website's domain", () => {
    expect(websiteOrigin('https://example.net/some/path', 'Shop.Example.com.')).toBe('https://shop.example.com');
    expect(websiteOrigin('http://localhost:8080', 'localhost')).toBe('http://localhost:8080');
    expect(websiteOrigin('http://localhost:8080', '[::1]')).toBe('http://[::1]:8080');
  });

  it("answers PUBLIC_URL's origin without a usable domain", () => {
    expect(websiteOrigin('https://example.net/x?y')).toBe('https://example.net');
    for (const bad of ['evil.example/path', 'a@b', 'x y', '', '-bad.example', 'a'.repeat(254)]) {
      expect(websiteOrigin('http://localhost:8080', bad)).toBe('http://localhost:8080');
    }
  });
});

describe(isOrigin.name, () => {
  it('accepts bare http(s) origins only', () => {
    expect(isOrigin('https://shop.example.com')).toBe(true);
    expect(isOrigin('http://localhost:8080')).toBe(true);
    for (const bad of ['https://shop.example.com/', 'https://a@b.example', 'javascript:alert(1)', 'ftp://x.example', 42, undefined]) {
      expect(isOrigin(bad)).toBe(false);
    }
  });
});
