// Comment moderation: the website's comments (waiting ones first by default) with the post they
// are on and, for a reply, the comment it answers; a moderator approves, hides or deletes each.
// A reply is public only while the comment it answers is, so hiding a comment hides its replies.
import { useState } from 'react';
import { Permission, type CommentStatus, type OwnerComment } from '@sc/contracts';
import { api, useAction, useApi } from '../data.js';
import { useSession } from '../session.js';
import { Field, Loaded, Outcome, Page, useConfirm, when } from '../ui.js';
import { CommunityTabs, contentBase } from './CommunityTabs.js';

interface CommentPage {
  items: OwnerComment[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

const STATUS_LABELS: Record<CommentStatus, string> = { pending: 'Waiting for approval', approved: 'Approved', hidden: 'Hidden' };

export function CommentsScreen() {
  const { websiteId, can } = useSession();
  const moderate = can(Permission.COMMENTS_MODERATE);
  const [status, setStatus] = useState<CommentStatus | ''>('pending');
  const base = contentBase(websiteId);
  const list = useApi<CommentPage>(moderate ? `${base}/comments?limit=200${status ? `&status=${status}` : ''}` : null);
  const action = useAction({ invalidates: [`${base}/comments`] });
  const { modal, confirm } = useConfirm();

  const setTo = async (comment: OwnerComment, to: 'approved' | 'hidden') => {
    await action.run(
      () => api('PATCH', `${base}/comments/${encodeURIComponent(comment.id)}`, { status: to }),
      to === 'approved' ? 'Comment approved' : 'Comment hidden',
    );
  };
  const remove = async (comment: OwnerComment) => {
    const replies = comment.parentId ? '' : ' Its replies are deleted with it.';
    if (
      !(await confirm({
        title: 'Delete comment',
        message: `Delete the comment of ${comment.authorName}? This cannot be undone.${replies}`,
        confirmLabel: 'Delete',
        cancelLabel: 'Keep it',
      }))
    )
      return;
    // A 204 has no body: the action answers true once the call succeeded.
    await action.run(async () => {
      await api('DELETE', `${base}/comments/${encodeURIComponent(comment.id)}`);
      return true;
    }, 'Comment deleted');
  };

  if (!moderate) {
    return (
      <Page title="Comments">
        <CommunityTabs />
        <p>Moderating comments needs the moderator role.</p>
      </Page>
    );
  }
  return (
    <Page title="Comments">
      <CommunityTabs />
      <Field label="Show">
        <select value={status} onChange={(e) => setStatus(e.target.value as CommentStatus | '')}>
          <option value="pending">Waiting for approval</option>
          <option value="approved">Approved</option>
          <option value="hidden">Hidden</option>
          <option value="">All comments</option>
        </select>
      </Field>
      <Outcome action={action} />
      <Loaded resource={list}>
        {(data) =>
          data.items.length === 0 ? (
            <p>No comments here.</p>
          ) : (
            <table className="comments-table">
              <thead>
                <tr>
                  <th>Author</th>
                  <th>Comment</th>
                  <th>On</th>
                  <th>Posted</th>
                  <th>Status</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.items.map((c) => (
                  <tr key={c.id} aria-label={`Comment of ${c.authorName}`}>
                    <td>
                      {c.authorName}
                      {c.fromSite ? ' (site)' : ''}
                      {c.authorEmail ? <div className="hint">{c.authorEmail}</div> : null}
                    </td>
                    <td>
                      {c.parentId ? <div className="hint">Reply to a comment</div> : null}
                      <span className="comment-text">{c.body}</span>
                    </td>
                    <td>
                      <a href={c.itemUrl} target="_blank" rel="noreferrer">
                        {c.itemTitle}
                      </a>
                    </td>
                    <td>{when(c.createdOn)}</td>
                    <td>{STATUS_LABELS[c.status]}</td>
                    <td>
                      <div className="community-actions">
                        {c.status !== 'approved' ? (
                          <button type="button" className="link" disabled={action.busy} onClick={() => void setTo(c, 'approved')}>
                            Approve
                          </button>
                        ) : null}
                        {c.status !== 'hidden' ? (
                          <button type="button" className="link" disabled={action.busy} onClick={() => void setTo(c, 'hidden')}>
                            Hide
                          </button>
                        ) : null}
                        <button type="button" className="link danger" disabled={action.busy} onClick={() => void remove(c)}>
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      {modal}
    </Page>
  );
}
