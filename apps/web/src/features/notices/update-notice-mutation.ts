import { incomingNoticeResponseSchema, NOTICE_ENDPOINTS } from '@smart-city/shared';
import type { Notice, UpdateNotice } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { upsertNotice } from '../../lib/notices/notice-cache';
import { updateNotices } from '../../lib/notices/notice-list-cache';
import { noticeQueryOptions } from '../../lib/notices/notice-query';

/**
 * PATCH /api/notices/:id (admins). The server's answer takes the notice's place in the saved list
 * at once, so the detail page and the list show the change without asking again.
 */
export function useUpdateNotice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: UpdateNotice): Promise<Notice> =>
      (
        await request(
          NOTICE_ENDPOINTS.update,
          { params: { id }, body: change },
          { check: incomingNoticeResponseSchema },
        )
      ).data,
    onSuccess: (notice) => {
      updateNotices(queryClient, (notices) => upsertNotice(notices, notice));
      queryClient.setQueryData(noticeQueryOptions(notice.id).queryKey, notice);
    },
  });
}
