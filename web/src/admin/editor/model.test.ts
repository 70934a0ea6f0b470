// The page editor's draft and history: layouts in and out (sections as counts), the block limit,
// moves within and across sections, 50+ undo steps, typing as one step, and which blocks changed.
import { describe, expect, it } from '@jest/globals';
import { cleanPastedHtml, linkAllowed } from './RichText.js';
import { frameDocument } from './Frame.js';
import type { Layout } from '@sc/contracts';
import * as M from './model.js';

const layout: Layout = {
  blocks: [
    { id: 'a', type: 2, data: { html: '<p>A</p>' } },
    { id: 'b', type: 53, data: { label: 'B', link: '/b' } },
    { id: 'c', type: 31, data: { text: 'C' } },
  ],
  sections: [
    { id: 's1', blocks: 2, background: '#fff' },
    { id: 's2', blocks: 1 },
  ],
};
const ids = (draft: M.Draft) => draft.sections.map((s) => s.blocks.map((b) => b.id).join('')).join('|');

describe('draft and layout', () => {
  it('reads sections as runs of blocks and writes them back as counts', () => {
    const draft = M.draftOf(layout);
    expect(ids(draft)).toBe('ab|c');
    expect(draft.sections[0]?.background).toBe('#fff');
    expect(M.layoutOf(draft)).toEqual(layout);
  });

  it('makes one section of a layout without sections, and ids for blocks without one', () => {
    const draft = M.draftOf({
      blocks: [
        { type: 2, data: {} },
        { type: 21, data: {} },
      ],
    });
    expect(draft.sections).toHaveLength(1);
    expect(draft.sections[0]?.blocks.every((b) => b.id.length > 0)).toBe(true);
  });

  it('refuses the 61st block with the limit message', () => {
    let draft = M.draftOf({ blocks: [] });
    for (let i = 0; i < 60; i++) {
      const added = M.addBlock(draft, 'spacer', { section: 0 });
      if ('problem' in added) throw new Error(added.problem);
      draft = added.draft;
    }
    expect(M.blockCount(draft)).toBe(60);
    expect(M.addBlock(draft, 'text', { section: 0 })).toEqual({ problem: 'A layout can hold at most 60 blocks.' });
    const first = draft.sections[0]?.blocks[0];
    expect(first && M.duplicateBlock(draft, first.id)).toEqual({ problem: 'A layout can hold at most 60 blocks.' });
  });
});

describe('moves', () => {
  it('moves a block within its section and across the edge into the next', () => {
    const draft = M.draftOf(layout);
    expect(ids(M.moveBlock(draft, 'a', 1))).toBe('ba|c');
    expect(ids(M.moveBlock(draft, 'b', 1))).toBe('a|bc');
    expect(ids(M.moveBlock(draft, 'c', -1))).toBe('abc|');
    expect(ids(M.moveBlock(draft, 'a', -1))).toBe('ab|c');
  });

  it('drops a block on another block or at the end of a section', () => {
    const draft = M.draftOf(layout);
    expect(ids(M.moveBlockTo(draft, 'c', 'a'))).toBe('cab|');
    expect(ids(M.moveBlockTo(draft, 'a', 's2'))).toBe('b|ca');
    expect(ids(M.moveSection(draft, 's2', 0))).toBe('c|ab');
  });
});

describe('history', () => {
  it('undoes at least 50 steps and redoes them', () => {
    let history = M.historyOf(M.draftOf({ blocks: [] }));
    for (let i = 0; i < 55; i++) {
      const added = M.addBlock(history.present, 'spacer', { section: 0 });
      if ('problem' in added) throw new Error(added.problem);
      history = M.commit(history, added.draft);
    }
    for (let i = 0; i < 55; i++) history = M.undo(history);
    expect(M.blockCount(history.present)).toBe(0);
    for (let i = 0; i < 55; i++) history = M.redo(history);
    expect(M.blockCount(history.present)).toBe(55);
  });

  it('counts typing into one field as one step', () => {
    const start = M.draftOf(layout);
    let history = M.historyOf(start);
    for (const label of ['B', 'Bu', 'Buy']) history = M.commit(history, M.updateBlock(history.present, 'b', { label }), 'b:label');
    history = M.commit(history, M.updateBlock(history.present, 'c', { text: 'Q' }), 'c:text');
    expect(history.past).toHaveLength(2);
    expect(M.undo(M.undo(history)).present).toBe(start);
  });
});

describe('what changed', () => {
  it('names the changed blocks, or nothing when the page changed shape', () => {
    const draft = M.draftOf(layout);
    expect(M.changedBlocks(draft, M.updateBlock(draft, 'c', { text: 'D' }))).toEqual([2]);
    expect(M.changedBlocks(draft, M.moveBlock(draft, 'a', 1))).toBeUndefined();
    expect(M.changedBlocks(draft, M.updateSection(draft, 's1', { background: '#000' }))).toBeUndefined();
  });
});

describe('rich text and frame', () => {
  it('keeps safe links only and cleans word-processor paste', () => {
    expect(linkAllowed('/journal')).toBe(true);
    expect(linkAllowed('https://example.com')).toBe(true);
    expect(linkAllowed('javascript:alert(1)')).toBe(false);
    expect(linkAllowed('//evil.example')).toBe(false);
    expect(cleanPastedHtml('<!--[if gte mso 9]><xml>x</xml><![endif]--><p class="MsoNormal" style="color:red">Hi<o:p></o:p></p>')).toBe(
      '<p>Hi</p>',
    );
  });

  it('puts a no-script policy first in the frame document', () => {
    expect(frameDocument('<html><head><title>x</title></head></html>')).toMatch(
      /^<html><head><meta http-equiv="Content-Security-Policy" content="script-src 'none';/,
    );
  });

  it("leaves the page's scripts and module preloads out of the frame document (the frame would refuse them, each refusal a console error)", () => {
    const page =
      '<html><head><link rel="modulepreload" href="/assets/react.js"><link rel="stylesheet" href="/assets/site.css"><script type="module" src="/assets/storefront.js"></script></head><body><p>Hi</p><script nonce="n">window.x = "<\\/script>";</script></body></html>';
    const framed = frameDocument(page);
    expect(framed).not.toMatch(/<script|modulepreload/i);
    expect(framed).toContain('<link rel="stylesheet" href="/assets/site.css">');
    expect(framed).toContain('<body><p>Hi</p></body>');
  });
});
