// Render's preview of the page editor's draft (and of the site styles being edited), one request
// at a time; when only some blocks changed, only they are asked for again.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreviewResponse, SiteStyles } from '@sc/contracts';
import { api, problemOf } from '../data.js';
import type { Preview } from './Frame.js';
import * as M from './model.js';
import { apiPath } from '../../api/client.js';

/**
 * Render's preview of a draft, one request at a time: while one is out the newest draft waits,
 * and drafts in between are skipped. When only some blocks changed, only they are asked for.
 */
export function usePreview(websiteId: string, collectionId: string, draft: M.Draft, styles: SiteStyles | undefined) {
  const [preview, setPreview] = useState<Preview>();
  const [problem, setProblem] = useState<string>();
  const state = useRef<{
    busy: boolean;
    pending: { draft: M.Draft; styles: SiteStyles | undefined } | undefined;
    shown: M.Draft | undefined;
    shownStyles: string;
    seq: number;
    frameSeq: number;
    firstPage: number;
  }>({
    busy: false,
    pending: undefined,
    shown: undefined,
    shownStyles: '',
    seq: 0,
    frameSeq: -1,
    firstPage: -1,
  });
  const pump = useCallback(async () => {
    const s = state.current;
    if (s.busy || !s.pending) return;
    const { draft: next, styles: nextStyles } = s.pending;
    s.pending = undefined;
    const stylesKey = JSON.stringify(nextStyles ?? null);
    // Block by block only once the frame shows a whole page to patch, and while the styles stay.
    const changed = s.shown && s.frameSeq >= s.firstPage && s.firstPage >= 0 && stylesKey === s.shownStyles ? M.changedBlocks(s.shown, next) : undefined;
    if (changed && changed.length === 0) {
      s.shown = next;
      void pump();
      return;
    }
    s.busy = true;
    try {
      const answer = await api<PreviewResponse>('POST', apiPath('/render/1.0/websites/{websiteId}/preview', { websiteId }), {
        collectionId,
        layout: M.layoutOf(next),
        ...(changed ? { only: changed } : {}),
        ...(nextStyles ? { styles: nextStyles } : {}),
      });
      s.seq += 1;
      if (changed) setPreview({ kind: 'blocks', blocks: answer.blocks ?? [], seq: s.seq });
      else {
        if (s.firstPage < 0) s.firstPage = s.seq;
        setPreview({ kind: 'page', html: answer.html ?? '', seq: s.seq });
      }
      s.shown = next;
      s.shownStyles = stylesKey;
      setProblem(undefined);
    } catch (failure) {
      setProblem(problemOf(failure));
      // The next answer is a whole page again (the frame may be behind).
      s.shown = undefined;
    } finally {
      s.busy = false;
      void pump();
    }
  }, [websiteId, collectionId]);
  useEffect(() => {
    state.current.pending = { draft, styles };
    void pump();
  }, [draft, styles, pump]);
  const onApplied = useCallback((seq: number) => {
    state.current.frameSeq = Math.max(state.current.frameSeq, seq);
  }, []);
  return { preview, problem, onApplied };
}
