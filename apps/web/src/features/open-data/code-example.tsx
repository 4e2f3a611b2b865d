import { Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { otherActionButton } from '../../components/button-styles';
import { SvgIcon } from '../../components/svg-icon';
import { OPEN_DATA_NAMESPACES } from '../../lib/i18n/open-data-namespace';

/** How long "copied" stays beside the button. */
const COPIED_SHOWN_MS = 4_000;

const codeBlockClass =
  'mt-1.5 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap wrap-anywhere text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200';

/**
 * Code with a chance to wrap after each `/`, `?`, `&` and `;`, so that on a phone an address breaks
 * between its parts rather than inside a word.
 */
export function breakable(text: string): ReactNode[] {
  return text
    .split(/(?<=[/?&;])/)
    .flatMap((part, index) => (index === 0 ? [part] : [<wbr key={index} />, part]));
}

/** Lines of code, headers or an address: the same in every language, wrapped rather than scrolled. */
export function CodeBlock({ children, testId }: { children: string; testId?: string }) {
  return (
    <pre translate="no" data-testid={testId} className={codeBlockClass}>
      <code>{breakable(children)}</code>
    </pre>
  );
}

/** The page's own address, where a request written out for a terminal is sent. */
function origin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/**
 * A request to try: the command that makes it, a button that copies the command, and links that
 * open the answer in the browser.
 */
export function ExampleRequest({
  label,
  address,
  links,
  describedBy,
}: {
  label: string;
  /** The path and query asked for, on this server. */
  address: string;
  links: { href: string; label: string }[];
  /** The id of the heading of what the example is of, to tell one Copy button from another. */
  describedBy?: string;
}) {
  const { t } = useTranslation(OPEN_DATA_NAMESPACES);
  const preRef = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState<'copied' | 'selected' | null>(null);
  // Single quotes: the shell leaves `$top` and `&` in them alone.
  const command = `curl '${origin()}${address}'`;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setCopied('copied');
    } catch {
      // No clipboard (an insecure origin, a refusal): the command is selected for the reader to copy.
      if (preRef.current) window.getSelection()?.selectAllChildren(preRef.current);
      setCopied('selected');
    }
  };

  return (
    <div className="mt-3">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</p>
      <pre ref={preRef} translate="no" className={codeBlockClass}>
        <code>{breakable(command)}</code>
      </pre>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => void copy()}
          aria-describedby={describedBy}
          className={otherActionButton}
        >
          <SvgIcon icon={Copy} size={16} />
          {t('openData.api.copy')}
        </button>
        {links.map((link) => (
          <a
            key={link.href}
            href={link.href}
            aria-describedby={describedBy}
            className={otherActionButton}
          >
            {link.label}
          </a>
        ))}
        <span role="status" className="text-xs text-slate-600 dark:text-slate-400">
          {copied === 'copied'
            ? t('openData.api.copied')
            : copied === 'selected'
              ? t('openData.api.copyYourself')
              : null}
        </span>
      </div>
    </div>
  );
}
