// Saving the page editor's draft: each block checked first, then the save, which publishes; a save
// made from an older version than the stored one is refused by content, and then both versions
// stay (the conflict) until the owner keeps theirs or takes the saved one.
import { useState } from 'react';
import type { Collection } from '@sc/contracts';
import { api, ApiError, problemOf } from '../data.js';
import { blockProblem } from '../content/blocks.js';
import { blockLabel } from './catalogue.js';
import type { DraftState } from './useDraft.js';
import * as M from './model.js';
import { apiPath } from '../../api/client.js';

export interface SaveReport {
  setError: (message: string | undefined) => void;
  setNotice: (message: string | undefined) => void;
  /** A block that may not be saved as it is. */
  showBlock: (id: string) => void;
  onSaved: (c: Collection) => void;
}

export function usePageSave(websiteId: string, collectionId: string, state: DraftState, report: SaveReport) {
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<{ theirs: Collection; message: string } | undefined>();
  const [viewTheirs, setViewTheirs] = useState(false);
  const { draft } = state;

  const url = apiPath('/content-service/1.0/websites/{websiteId}/collections/{collectionId}', { websiteId, collectionId });
  const save = async (over?: number) => {
    const flat = draft.sections.flatMap((s) => s.blocks);
    const bad = flat.findIndex((b) => blockProblem(b.type, b.data) !== undefined);
    const badBlock = flat[bad];
    if (badBlock) {
      report.showBlock(badBlock.id);
      report.setError(`Block ${bad + 1} (${blockLabel(badBlock)}): ${blockProblem(badBlock.type, badBlock.data) ?? ''}`);
      return;
    }
    setBusy(true);
    report.setError(undefined);
    report.setNotice(undefined);
    try {
      const stored = await api<Collection>('PUT', url, { layout: M.layoutOf(draft), baseUpdatedOn: over ?? state.base });
      state.markSaved(draft, stored.updatedOn);
      setConflict(undefined);
      setViewTheirs(false);
      report.setNotice('Page saved');
      report.onSaved(stored);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        try {
          const theirs = await api<Collection>('GET', url);
          setConflict({ theirs, message: failure.message });
        } catch (again) {
          report.setError(problemOf(again));
        }
      } else report.setError(problemOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const takeTheirs = (theirs: Collection) => {
    state.adopt(theirs);
    setConflict(undefined);
    setViewTheirs(false);
    report.onSaved(theirs);
  };

  return { busy, conflict, viewTheirs, setViewTheirs, save, takeTheirs };
}
