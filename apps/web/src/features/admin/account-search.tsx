import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { otherActionButton } from '../../components/button-styles';
import { inputClass, labelClass } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { ACCOUNT_SEARCH_FIELDS } from './accounts-query';
import type { AccountSearchField } from './accounts-query';

/**
 * What to look for and where (name or e-mail). The server searches when the form is sent, not at
 * every key, so a city's many accounts are asked for once per search.
 */
export function AccountSearch({
  search,
  field,
  onSearch,
}: {
  search: string;
  field: AccountSearchField;
  onSearch: (next: { search: string; field: AccountSearchField }) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(search);
  const [by, setBy] = useState(field);
  const textId = useId();
  const byId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ search: text, field: by });
  };

  return (
    <form
      role="search"
      aria-label={t('admin.people.searchLabel')}
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <label htmlFor={textId} className={labelClass}>
          {t('admin.people.searchLabel')}
        </label>
        <input
          id={textId}
          type="search"
          data-testid="people-search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          className={`${inputClass} border-slate-300 dark:border-slate-600`}
        />
      </div>
      <div>
        <label htmlFor={byId} className={labelClass}>
          {t('admin.people.searchBy')}
        </label>
        <select
          id={byId}
          data-testid="people-search-field"
          value={by}
          onChange={(event) =>
            setBy(ACCOUNT_SEARCH_FIELDS.find((f) => f === event.target.value) ?? 'name')
          }
          className={`${inputClass} border-slate-300 dark:border-slate-600`}
        >
          {ACCOUNT_SEARCH_FIELDS.map((option) => (
            <option key={option} value={option}>
              {t(`admin.people.searchFields.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" data-testid="people-search-submit" className={otherActionButton}>
        <Icon name="search" size={16} />
        {t('admin.people.searchSubmit')}
      </button>
    </form>
  );
}
