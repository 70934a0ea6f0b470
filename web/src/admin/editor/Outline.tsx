// The page's structure beside the frame: its sections and their blocks, in order. Both can be
// dragged (dnd-kit) or moved from the keyboard: focus a handle, Space picks it up, the arrow keys
// move it, Space drops it and Escape puts it back; on a block's entry Alt+ArrowUp and Alt+ArrowDown
// move it one place. Choosing a block here selects it in the frame.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { blockLabel, KINDS, kindOf } from './catalogue.js';
import type { Draft, EditorBlock, EditorSection } from './model.js';

function Sortable({
  id,
  label,
  disabled,
  children,
  className,
}: {
  id: string;
  label: string;
  disabled: boolean;
  children: ReactNode;
  className: string;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      className={`${className}${isDragging ? ' dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {disabled ? null : (
        <button type="button" className="drag-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Move ${label}`}>
          ⠿
        </button>
      )}
      {children}
    </li>
  );
}

function blockText(block: EditorBlock): string {
  const data = block.data;
  const pick = ['text', 'label', 'title', 'html', 'alt', 'url', 'code']
    .map((k) => data[k])
    .find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return pick
    ? pick
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40)
    : '';
}

export function Outline({
  draft,
  selectedId,
  selectedSection,
  readOnly,
  onSelectBlock,
  onSelectSection,
  onMoveBlock,
  onMoveSection,
  onNudge,
}: {
  draft: Draft;
  selectedId: string | undefined;
  selectedSection: string | undefined;
  readOnly: boolean;
  onSelectBlock: (id: string) => void;
  onSelectSection: (id: string) => void;
  onMoveBlock: (id: string, overId: string) => void;
  onMoveSection: (id: string, to: number) => void;
  /** Alt+ArrowUp / Alt+ArrowDown on a block's entry: one place up or down. */
  onNudge: (id: string, delta: -1 | 1) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sectionIds = draft.sections.map((s) => s.id);
  const nameOf = (id: string | number): string => {
    const section = draft.sections.findIndex((s) => s.id === id);
    if (section >= 0) return `section ${section + 1}`;
    const block = draft.sections.flatMap((s) => s.blocks).find((b) => b.id === id);
    return block ? blockLabel(block) : 'item';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${nameOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at ${nameOf(over.id)}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const activeId = String(active.id);
    const overId = String(over.id);
    if (sectionIds.includes(activeId)) {
      const to = sectionIds.indexOf(overId);
      if (to >= 0) onMoveSection(activeId, to);
      return;
    }
    onMoveBlock(activeId, overId);
  };
  return (
    <nav className="editor-outline" aria-label="Page structure">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <SortableContext items={sectionIds} strategy={verticalListSortingStrategy}>
          <ol className="outline-sections">
            {draft.sections.map((section: EditorSection, s) => (
              <Sortable key={section.id} id={section.id} label={`section ${s + 1}`} disabled={readOnly} className="outline-section">
                <button
                  type="button"
                  className="outline-section-name"
                  aria-pressed={selectedSection === section.id}
                  onClick={() => onSelectSection(section.id)}
                >
                  Section {s + 1}
                </button>
                <SortableContext items={section.blocks.map((b) => b.id)} strategy={verticalListSortingStrategy}>
                  <ol className="outline-blocks">
                    {section.blocks.length === 0 ? <li className="outline-empty">No blocks</li> : null}
                    {section.blocks.map((block) => {
                      const kind = kindOf(block);
                      const label = blockLabel(block);
                      return (
                        <Sortable key={block.id} id={block.id} label={label} disabled={readOnly} className="outline-block">
                          <button
                            type="button"
                            aria-pressed={selectedId === block.id}
                            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                            onClick={() => onSelectBlock(block.id)}
                            onKeyDown={(event) => {
                              if (readOnly || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
                              event.preventDefault();
                              onNudge(block.id, event.key === 'ArrowUp' ? -1 : 1);
                            }}
                          >
                            <span aria-hidden="true" className="block-icon">
                              {kind ? KINDS[kind].icon : '?'}
                            </span>{' '}
                            {label}
                            <span className="outline-text">{blockText(block)}</span>
                          </button>
                        </Sortable>
                      );
                    })}
                  </ol>
                </SortableContext>
              </Sortable>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </nav>
  );
}
