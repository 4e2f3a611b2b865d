import { Spinner } from '../spinner';

/** Holds a chart's room while its code or data is on its way, so nothing below it jumps. */
export function ChartLoading({ height }: { height: number }) {
  return (
    <div style={{ height }} className="flex items-center justify-center">
      <Spinner />
    </div>
  );
}
