import { REPORT_ENDPOINTS } from '@smart-city/shared';
import { useMutation } from '@tanstack/react-query';
import { upload } from '../../lib/api-client';

/** POST /api/reports/photos: one photo, stored cleaned, its id to send with the report. */
export function useUploadReportPhoto() {
  return useMutation({
    mutationFn: (file: File) => upload(REPORT_ENDPOINTS.uploadPhoto, file, {}),
  });
}
