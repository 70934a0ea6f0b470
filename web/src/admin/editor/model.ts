// The page editor's draft and its history, as pure functions (the screen holds one History in a
// reducer). A draft is a stack of sections, each with its blocks; the stored layout is the flat
// block list plus each section's count (contracts' Layout), so every other reader of a layout
// keeps working. Each change is a new draft; undo and redo walk the history (at least 50 steps),
// and typing into one field is one step, not one per letter.
import {
  colourProblem,
  CONTENT_LIMITS,
  ContentMessages,
  formatMessage,
  type BlockBody,
  type Layout,
  type LayoutSection,
  type SiteStyles,
} from '@sc/contracts';
import { KINDS, SECTION_TEMPLATES, type BlockKind } from './catalogue.js';

export type BlockData = Record<string, unknown>;

export interface EditorBlock {
  id: string;
  type: number;
  data: BlockData;
}

export interface EditorSection extends Omit<LayoutSection, 'blocks'> {
  blocks: EditorBlock[];
}

export interface Draft {
  sections: EditorSection[];
}

/** How many steps back undo can go. */
export const HISTORY_LIMIT = 100;
export const MAX_BLOCKS = CONTENT_LIMITS.blocksPerLayout;
/** The refusal of the 61st block. */
export const TOO_MANY_BLOCKS = formatMessage(ContentMessages.tooManyBlocks, { max: MAX_BLOCKS });

let counter = 0;
/** A new id for a block or section (unique in the page; random so two editors do not collide). */
export function newId(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The draft of a stored layout (blocks without ids get one; no sections is one section). */
export function draftOf(layout: Layout | null | undefined): Draft {
  const blocks: EditorBlock[] = (layout?.blocks ?? []).map((b) => ({ id: b.id ?? newId('b'), type: b.type, data: { ...b.data } }));
  const stored = layout?.sections && layout.sections.length > 0 ? layout.sections : [{ id: 'main', blocks: blocks.length }];
  let at = 0;
  const sections = stored.map(({ blocks: count, ...style }) => {
    const own = blocks.slice(at, at + count);
    at += count;
    return { ...style, blocks: own };
  });
  const last = sections[sections.length - 1];
  if (last && at < blocks.length) last.blocks.push(...blocks.slice(at));
  return { sections };
}

/** The layout to store or preview. */
export function layoutOf(draft: Draft): Layout {
  const blocks = draft.sections.flatMap((s) =>
    s.blocks.map((b) => ({ id: b.id, type: b.type as BlockBody['type'], data: b.data as BlockBody['data'] })),
  );
  const sections = draft.sections.map(({ blocks: own, ...style }) => ({ ...style, blocks: own.length }));
  return { blocks, sections };
}

export const blockCount = (draft: Draft): number => draft.sections.reduce((n, s) => n + s.blocks.length, 0);

/** Where a block is: its section, its place in the section, its place in the page. */
export function locate(draft: Draft, blockId: string): { section: number; index: number; flat: number } | undefined {
  let flat = 0;
  for (let section = 0; section < draft.sections.length; section++) {
    const blocks = draft.sections[section]?.blocks ?? [];
    const index = blocks.findIndex((b) => b.id === blockId);
    if (index >= 0) return { section, index, flat: flat + index };
    flat += blocks.length;
  }
  return undefined;
}

export const blockAt = (draft: Draft, flat: number): EditorBlock | undefined => draft.sections.flatMap((s) => s.blocks)[flat];

const withSection = (draft: Draft, section: number, change: (s: EditorSection) => EditorSection): Draft => ({
  sections: draft.sections.map((s, i) => (i === section ? change(s) : s)),
});

/** Adds a new block of a kind (after `afterId`, else at the end of the section); refused past 60. */
export function addBlock(
  draft: Draft,
  kind: BlockKind,
  target: { section: number; afterId?: string | undefined },
): { draft: Draft; block: EditorBlock } | { problem: string } {
  if (blockCount(draft) >= MAX_BLOCKS) return { problem: TOO_MANY_BLOCKS };
  const block: EditorBlock = { id: newId('b'), type: KINDS[kind].type, data: KINDS[kind].initial() };
  const sections = draft.sections.length > 0 ? draft : { sections: [{ id: newId('s'), blocks: [] }] };
  const section = Math.min(Math.max(target.section, 0), sections.sections.length - 1);
  return {
    block,
    draft: withSection(sections, section, (s) => {
      const after = target.afterId ? s.blocks.findIndex((b) => b.id === target.afterId) : -1;
      const at = after >= 0 ? after + 1 : s.blocks.length;
      return { ...s, blocks: [...s.blocks.slice(0, at), block, ...s.blocks.slice(at)] };
    }),
  };
}

export function updateBlock(draft: Draft, blockId: string, data: BlockData): Draft {
  return { sections: draft.sections.map((s) => ({ ...s, blocks: s.blocks.map((b) => (b.id === blockId ? { ...b, data } : b)) })) };
}

export function removeBlock(draft: Draft, blockId: string): Draft {
  return { sections: draft.sections.map((s) => ({ ...s, blocks: s.blocks.filter((b) => b.id !== blockId) })) };
}

export function duplicateBlock(draft: Draft, blockId: string): { draft: Draft; block: EditorBlock } | { problem: string } {
  if (blockCount(draft) >= MAX_BLOCKS) return { problem: TOO_MANY_BLOCKS };
  const at = locate(draft, blockId);
  const original = at ? draft.sections[at.section]?.blocks[at.index] : undefined;
  if (!at || !original) return { problem: 'That block is no longer on the page.' };
  const block = { id: newId('b'), type: original.type, data: structuredClone(original.data) };
  return {
    block,
    draft: withSection(draft, at.section, (s) => ({
      ...s,
      blocks: [...s.blocks.slice(0, at.index + 1), block, ...s.blocks.slice(at.index + 1)],
    })),
  };
}

/** Moves a block one place up or down; past a section's edge it moves into the next section. */
export function moveBlock(draft: Draft, blockId: string, delta: -1 | 1): Draft {
  const at = locate(draft, blockId);
  if (!at) return draft;
  const section = draft.sections[at.section];
  const block = section?.blocks[at.index];
  if (!section || !block) return draft;
  const to = at.index + delta;
  if (to >= 0 && to < section.blocks.length) {
    const blocks = [...section.blocks];
    blocks.splice(at.index, 1);
    blocks.splice(to, 0, block);
    return withSection(draft, at.section, (s) => ({ ...s, blocks }));
  }
  const next = at.section + delta;
  if (next < 0 || next >= draft.sections.length) return draft;
  const removed = withSection(draft, at.section, (s) => ({ ...s, blocks: s.blocks.filter((b) => b.id !== blockId) }));
  return withSection(removed, next, (s) => ({ ...s, blocks: delta < 0 ? [...s.blocks, block] : [block, ...s.blocks] }));
}

/** Moves a block to where another block is (drag and drop, in or across sections); `overId` may be a section id (its end). */
export function moveBlockTo(draft: Draft, blockId: string, overId: string): Draft {
  if (blockId === overId) return draft;
  const from = locate(draft, blockId);
  const block = from ? draft.sections[from.section]?.blocks[from.index] : undefined;
  if (!from || !block) return draft;
  const over = locate(draft, overId);
  const overSection = over ? over.section : draft.sections.findIndex((s) => s.id === overId);
  if (overSection < 0) return draft;
  const removed = withSection(draft, from.section, (s) => ({ ...s, blocks: s.blocks.filter((b) => b.id !== blockId) }));
  return withSection(removed, overSection, (s) => {
    const blocks = [...s.blocks];
    // Dropped on a block: its place (after it when moving down within a section).
    const at = over ? over.index : blocks.length;
    blocks.splice(at, 0, block);
    return { ...s, blocks };
  });
}

export function addSection(draft: Draft, templateId: string, at: number): { draft: Draft; section: EditorSection } | { problem: string } {
  const template = SECTION_TEMPLATES.find((t) => t.id === templateId) ?? SECTION_TEMPLATES[0];
  if (!template) return { problem: 'No such section.' };
  if (blockCount(draft) + template.kinds.length > MAX_BLOCKS) return { problem: TOO_MANY_BLOCKS };
  const section: EditorSection = {
    id: newId('s'),
    ...template.style,
    blocks: template.kinds.map((kind) => ({ id: newId('b'), type: KINDS[kind].type, data: KINDS[kind].initial() })),
  };
  const sections = [...draft.sections];
  sections.splice(Math.min(Math.max(at, 0), sections.length), 0, section);
  return { draft: { sections }, section };
}

export function updateSection(draft: Draft, sectionId: string, style: Omit<EditorSection, 'id' | 'blocks'>): Draft {
  return { sections: draft.sections.map((s) => (s.id === sectionId ? { id: s.id, blocks: s.blocks, ...style } : s)) };
}

export function removeSection(draft: Draft, sectionId: string): Draft {
  return { sections: draft.sections.filter((s) => s.id !== sectionId) };
}

export function moveSection(draft: Draft, sectionId: string, to: number): Draft {
  const from = draft.sections.findIndex((s) => s.id === sectionId);
  const section = draft.sections[from];
  if (!section || to < 0 || to >= draft.sections.length) return draft;
  const sections = [...draft.sections];
  sections.splice(from, 1);
  sections.splice(to, 0, section);
  return { sections };
}

// ---------------------------------------------------------------------------------------------
// History

export interface History {
  past: Draft[];
  present: Draft;
  future: Draft[];
  /** The field the last change typed into: further typing there replaces the step instead of adding one. */
  typing: string | undefined;
}

export const historyOf = (draft: Draft): History => ({ past: [], present: draft, future: [], typing: undefined });

/** A change: a new step, unless it continues typing into the same field (`typing` names it). */
export function commit(history: History, next: Draft, typing?: string): History {
  if (next === history.present) return history;
  if (typing !== undefined && typing === history.typing) return { ...history, present: next };
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [], typing };
}

export function undo(history: History): History {
  const previous = history.past[history.past.length - 1];
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], typing: undefined };
}

export function redo(history: History): History {
  const next = history.future[0];
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: history.future.slice(1), typing: undefined };
}

/**
 * Which blocks of `next` differ from `previous` when nothing else did (same sections, same order):
 * their page positions; undefined when the page's shape changed and the whole page is rendered.
 */
export function changedBlocks(previous: Draft, next: Draft): number[] | undefined {
  if (previous.sections.length !== next.sections.length) return undefined;
  const changed: number[] = [];
  let flat = 0;
  for (let i = 0; i < next.sections.length; i++) {
    const a = previous.sections[i];
    const b = next.sections[i];
    if (!a || !b || a.blocks.length !== b.blocks.length) return undefined;
    const { blocks: _a, ...styleA } = a;
    const { blocks: _b, ...styleB } = b;
    if (JSON.stringify(styleA) !== JSON.stringify(styleB)) return undefined;
    for (let j = 0; j < b.blocks.length; j++) {
      const x = a.blocks[j];
      const y = b.blocks[j];
      if (!x || !y || x.id !== y.id || x.type !== y.type) return undefined;
      if (x.data !== y.data && JSON.stringify(x.data) !== JSON.stringify(y.data)) changed.push(flat + j);
    }
    flat += b.blocks.length;
  }
  return changed;
}

/** The first colour problem of draft styles (SPEC messages), or undefined when they can be previewed and saved. */
export function stylesProblem(styles: SiteStyles): string | undefined {
  return [styles.accent, styles.text, styles.background]
    .map((c) => (c === null ? undefined : colourProblem(c)))
    .find((p) => p !== undefined);
}
