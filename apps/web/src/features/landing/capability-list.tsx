import { SENSOR_TYPES } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Blocks, Box, ChartColumn, Megaphone, Radio, Siren, TriangleAlert } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { ServiceIcon } from '../../components/service-icon';
import { SvgIcon } from '../../components/svg-icon';
import { LANDING_NAMESPACES } from '../../lib/i18n/landing-namespace';

const CAPABILITIES: readonly {
  key: 'sensors' | 'alerts' | 'notices' | 'emergency' | 'analytics' | 'ledger' | 'twin';
  icon: LucideIcon;
}[] = [
  { key: 'sensors', icon: Radio },
  { key: 'alerts', icon: TriangleAlert },
  { key: 'notices', icon: Megaphone },
  { key: 'emergency', icon: Siren },
  { key: 'analytics', icon: ChartColumn },
  { key: 'ledger', icon: Blocks },
  { key: 'twin', icon: Box },
];

/** What the platform does, one card per area, with the six sensor types under live data. */
export function CapabilityList() {
  const { t } = useTranslation(LANDING_NAMESPACES);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {CAPABILITIES.map(({ key, icon }) => (
        <li
          key={key}
          className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${
            key === 'sensors' ? 'sm:col-span-2 lg:col-span-3' : ''
          }`}
        >
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-lg bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300">
              <SvgIcon icon={icon} />
            </span>
            <h3 className="text-base font-semibold text-slate-900 dark:text-white">
              {t(`landing.capabilities.${key}.title`)}
            </h3>
          </div>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            {t(`landing.capabilities.${key}.body`)}
          </p>
          {key === 'sensors' ? (
            <ul className="mt-4 flex flex-wrap gap-2">
              {SENSOR_TYPES.map((type) => (
                <li
                  key={type}
                  className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                >
                  <ServiceIcon type={type} size={14} />
                  {t(`translation:sensorTypes.${type}`)}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
