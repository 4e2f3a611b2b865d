import { ALERT_COMMENT_ENDPOINTS } from '@smart-city/shared';
import type { AlertComment, AlertCommentList } from '@smart-city/shared';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { ALERTS_QUERY_KEY } from '../../lib/alerts/recent-alerts-query';
import { request } from '../../lib/api-client';
import { patchQuery } from '../../lib/live/patch-query';

/** Comments a page of the thread holds. */
const COMMENTS_PAGE_SIZE = 100;

function commentsKey(alertId: string) {
  return [...ALERTS_QUERY_KEY, 'comments', alertId] as const;
}

/** GET /api/alerts/:id/comments: the thread oldest first, a page at a time (operators, admins). */
function alertCommentsQueryOptions(alertId: string) {
  return infiniteQueryOptions({
    queryKey: commentsKey(alertId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      request(
        ALERT_COMMENT_ENDPOINTS.list,
        {
          params: { id: alertId },
          query: { limit: COMMENTS_PAGE_SIZE, cursor: pageParam ?? undefined },
        },
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAlertComments(alertId: string, enabled: boolean) {
  return useInfiniteQuery({ ...alertCommentsQueryOptions(alertId), enabled });
}

/**
 * Adds a comment to the end of its alert's cached thread, once. The thread is oldest first, so a
 * new comment belongs on the last page only when that page is the end of the thread.
 */
function appendComment(
  data: InfiniteData<AlertCommentList, string | null>,
  comment: AlertComment,
): InfiniteData<AlertCommentList, string | null> {
  if (data.pages.some((page) => page.items.some((item) => item.id === comment.id))) return data;
  const last = data.pages.at(-1);
  if (!last || last.nextCursor !== null) return data;
  return {
    ...data,
    pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, comment] }],
  };
}

/** A comment that arrived live joins the thread of its alert, if that thread is open. */
export function patchComments(queryClient: QueryClient, comment: AlertComment) {
  patchQuery<InfiniteData<AlertCommentList, string | null>>(
    queryClient,
    commentsKey(comment.alertId),
    (data) => appendComment(data, comment),
  );
}

/** POST /api/alerts/:id/comments; the comment joins the thread at once (the live event agrees). */
export function usePostComment(alertId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      request(ALERT_COMMENT_ENDPOINTS.post, { params: { id: alertId }, body: { body } }),
    onSuccess: (comment) => patchComments(queryClient, comment),
  });
}
