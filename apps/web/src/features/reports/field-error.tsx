import { CircleAlert } from 'lucide-react';
import { SvgIcon } from '../../components/svg-icon';

/**
 * The error of a group of controls (the problem, the place, the photos), as the form fields show
 * theirs: red, with the same sign; `id` ties it to the group with aria-describedby.
 */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      id={id}
      className="mt-1 flex items-start gap-1 text-xs font-medium text-red-600 dark:text-red-400"
    >
      <SvgIcon icon={CircleAlert} size={14} className="mt-px shrink-0" />
      <span>{message}</span>
    </p>
  );
}
