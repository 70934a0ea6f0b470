// Render's preview of the page editor's draft (and of the site styles being edited), one request
// at a time; when only some blocks changed, only they are asked for again.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreviewResponse, SiteStyles } from '@sc/contracts';
import { api, ApiError, problemOf } from '../data.js';
import type { Preview } from './Frame.js';
import * as M from './model.js';
import { apiPath } from '../../api/client.js';

/** The first retry of a failed preview waits this long, each next one twice as long, up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 15_000;

/** Whether asking again may answer differently: the network, a busy or unavailable server, a rate limit. */
const worthRetrying = (failure: unknown) =>
  !(failure instanceof ApiError) || failure.status === 0 || failure.status === 429 || failure.status >= 500;

/**
 * Render's preview of a draft, one request at a time: while one is out the newest draft waits,
 * and drafts in between are skipped. When only some blocks changed, only they are asked for.
 * A preview that failed for a passing reason (render busy, the network) is asked for again with a
 * growing delay while no newer draft comes: a viewer, who never changes the draft, would otherwise
 * keep an empty frame.
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
    retryMs: number;
    retry: ReturnType<typeof setTimeout> | undefined;
  }>({
    busy: false,
    pending: undefined,
    shown: undefined,
    shownStyles: '',
    seq: 0,
    frameSeq: -1,
    firstPage: -1,
    retryMs: RETRY_FIRST_MS,
    retry: undefined,
  });
  const pump = useCallback(async () => {
    const s = state.current;
    if (s.busy || !s.pending) return;
    const { draft: next, styles: nextStyles } = s.pending;
    s.pending = undefined;
    // This draft is newer than (or the same as) any retry waiting: the retry is not needed.
    clearTimeout(s.retry);
    s.retry = undefined;
    const stylesKey = JSON.stringify(nextStyles ?? null);
    // Block by block only once the frame shows a whole page to patch, and while the styles stay.
    const changed =
      s.shown && s.frameSeq >= s.firstPage && s.firstPage >= 0 && stylesKey === s.shownStyles ? M.changedBlocks(s.shown, next) : undefined;
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
      s.retryMs = RETRY_FIRST_MS;
      setProblem(undefined);
    } catch (failure) {
      setProblem(problemOf(failure));
      // The next answer is a whole page again (the frame may be behind).
      s.shown = undefined;
      if (worthRetrying(failure)) {
        const delay = s.retryMs;
        s.retryMs = Math.min(s.retryMs * 2, RETRY_MAX_MS);
        clearTimeout(s.retry);
        s.retry = setTimeout(() => {
          s.retry = undefined;
          s.pending ??= { draft: next, styles: nextStyles };
          void pump();
        }, delay);
      }
    } finally {
      s.busy = false;
      void pump();
    }
  }, [websiteId, collectionId]);
  useEffect(() => {
    state.current.pending = { draft, styles };
    void pump();
  }, [draft, styles, pump]);
  useEffect(() => {
    const s = state.current;
    return () => clearTimeout(s.retry);
  }, []);
  const onApplied = useCallback((seq: number) => {
    state.current.frameSeq = Math.max(state.current.frameSeq, seq);
  }, []);
  return { preview, problem, onApplied };
}
