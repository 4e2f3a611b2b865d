import { ALERT_COMMENT_MAX_LENGTH } from '@smart-city/shared';
import type { AlertComment, StaffMember } from '@smart-city/shared';
import { Fragment, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing, primaryButton, secondaryButton } from '../../components/button-styles';
import { TextAreaField } from '../../components/form-field';
import { Icon, StatusIcon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { PersonsWords } from '../../components/persons-words';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { TimeAgo } from '../../components/time-ago';
import { userFacingMessage } from '../../lib/api-client';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { useStaff } from '../../lib/staff/staff-query';
import { useAlertComments, usePostComment } from './alert-comments-query';

/** The body with each `@username` that named someone set apart, so a reader sees who was told. */
function CommentBody({ comment, staff }: { comment: AlertComment; staff: StaffMember[] }) {
  const mentioned = new Set(
    comment.mentions
      .map((person) => staff.find((member) => member.id === person.id)?.username)
      .filter((name): name is string => Boolean(name)),
  );
  const parts = comment.body.split(/(@[a-zA-Z0-9_.]{3,30})/g);
  return (
    <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800 dark:text-slate-100">
      <PersonsWords>
        {parts.map((part, index) =>
          part.startsWith('@') && mentioned.has(part.slice(1).replace(/\.+$/, '').toLowerCase()) ? (
            <span
              key={index}
              className="rounded bg-sky-100 px-0.5 font-medium text-sky-900 dark:bg-sky-900/60 dark:text-sky-100"
            >
              {part}
            </span>
          ) : (
            <Fragment key={index}>{part}</Fragment>
          ),
        )}
      </PersonsWords>
    </p>
  );
}

/** The word being typed at the caret when it starts with @: what to suggest names for. */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[\s(])@([a-zA-Z0-9_.]{0,30})$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() };
}

/** The form under the thread: a comment with @mention suggestions, sent with Ctrl+Enter too. */
function CommentComposer({ alertId, staff }: { alertId: string; staff: StaffMember[] }) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const [body, setBody] = useState('');
  const [caret, setCaret] = useState(0);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const suggestionsId = useId();
  const post = usePostComment(alertId);
  const mention = mentionAt(body, caret);
  const suggestions = mention
    ? staff
        .filter(
          (person) =>
            person.username &&
            (person.username.startsWith(mention.query) ||
              person.name.toLowerCase().includes(mention.query)),
        )
        .slice(0, 5)
    : [];

  function insert(person: StaffMember) {
    if (!mention || !person.username) return;
    const next = `${body.slice(0, mention.start)}@${person.username} ${body.slice(caret)}`;
    const at = mention.start + person.username.length + 2;
    setBody(next);
    setCaret(at);
    requestAnimationFrame(() => {
      textRef.current?.focus();
      textRef.current?.setSelectionRange(at, at);
    });
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const text = body.trim();
    if (text === '' || post.isPending) return;
    post.mutate(text, {
      onSuccess: () => {
        setBody('');
        setCaret(0);
      },
    });
  }

  const left = ALERT_COMMENT_MAX_LENGTH - body.length;
  const errorMessage = post.isError
    ? (userFacingMessage(post.error) ?? t('comments.failed'))
    : null;

  return (
    <form onSubmit={submit} data-testid="alert-comment-form" className="mt-4 space-y-2">
      <TextAreaField
        ref={textRef}
        label={t('comments.label')}
        hint={t('comments.hint', { max: ALERT_COMMENT_MAX_LENGTH })}
        data-testid="alert-comment-input"
        rows={3}
        maxLength={ALERT_COMMENT_MAX_LENGTH}
        value={body}
        aria-controls={suggestions.length ? suggestionsId : undefined}
        onChange={(event) => {
          setBody(event.target.value);
          setCaret(event.target.selectionStart);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
        }}
      />
      {suggestions.length > 0 ? (
        <div id={suggestionsId} role="group" aria-label={t('comments.mentionSuggestions')}>
          <ul className="flex flex-wrap gap-2">
            {suggestions.map((person) => (
              <li key={person.id}>
                <button
                  type="button"
                  data-testid="alert-mention-option"
                  aria-label={t('comments.mentionOption', {
                    name: person.name,
                    username: person.username,
                  })}
                  onClick={() => insert(person)}
                  className={`inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${focusRing}`}
                >
                  <Icon name="at-sign" size={12} />
                  {person.username}
                  <span className="text-slate-500 dark:text-slate-400">· {person.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {errorMessage ? (
        <InlineAlert tone="error" testId="alert-comment-error">
          {errorMessage}
        </InlineAlert>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span
          aria-live="polite"
          className={`text-xs ${left < 100 ? 'text-amber-700 dark:text-amber-300' : 'text-slate-500 dark:text-slate-400'}`}
        >
          {left < 200 ? t('comments.remaining', { count: left }) : null}
        </span>
        <button
          type="submit"
          data-testid="alert-comment-submit"
          className={primaryButton}
          disabled={post.isPending || body.trim() === ''}
          aria-busy={post.isPending || undefined}
        >
          {post.isPending ? <StatusIcon status="loading" /> : <Icon name="send" size={16} />}
          {post.isPending ? t('comments.posting') : t('comments.post')}
        </button>
      </div>
    </form>
  );
}

/**
 * The alert's comment thread for operators and admins, oldest first, kept current live, and the
 * form to add to it.
 */
export function AlertComments({ alertId }: { alertId: string }) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const comments = useAlertComments(alertId, true);
  const staff = useStaff(true).data ?? [];
  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section
      aria-labelledby="alert-comments-title"
      data-testid="alert-comments"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="alert-comments-title"
        className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
      >
        <Icon name="message" size={18} />
        {t('comments.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('comments.intro')}</p>
      <div className="mt-4">
        {comments.isPending ? (
          <Spinner size={18} />
        ) : comments.isError ? (
          <QueryError
            message={t('comments.loadFailed')}
            onRetry={() => void comments.refetch()}
            retrying={comments.isFetching}
            testId="alert-comments-failed"
          />
        ) : items.length === 0 ? (
          <p
            data-testid="alert-comments-empty"
            className="text-sm text-slate-500 dark:text-slate-400"
          >
            {t('comments.empty')}
          </p>
        ) : (
          <ol aria-live="polite" className="space-y-3" data-testid="alert-comment-list">
            {items.map((comment) => (
              <li
                key={comment.id}
                data-testid="alert-comment"
                className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-950/40"
              >
                <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
                  <span className="font-semibold text-slate-900 dark:text-white">
                    {comment.author.name}
                  </span>
                  <span className="rounded-full bg-slate-200 px-1.5 py-px text-[11px] font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    {t(`comments.roles.${comment.author.role}`)}
                  </span>
                  <TimeAgo iso={comment.createdAt} className="text-slate-500 dark:text-slate-400" />
                </div>
                <CommentBody comment={comment} staff={staff} />
              </li>
            ))}
          </ol>
        )}
        {comments.hasNextPage ? (
          <button
            type="button"
            className={`${secondaryButton} mt-3`}
            disabled={comments.isFetchingNextPage}
            onClick={() => void comments.fetchNextPage()}
          >
            {t('comments.loadOlder')}
          </button>
        ) : null}
      </div>
      <CommentComposer alertId={alertId} staff={staff} />
    </section>
  );
}
