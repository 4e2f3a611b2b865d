import type { Sensor } from '@smart-city/shared';
import { sensorTypeColor } from './sensor-type-colors';

/** The marker of one sensor: a real button, so the map's sensors are reachable by keyboard. */
export function createMarkerElement(sensorId: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = 'sensor-marker';
  element.dataset.testid = 'sensor-marker';
  element.dataset.sensorId = sensorId;
  return element;
}

/**
 * Brings a marker up to date: fill colour by type, ring and opacity by status (see sensor-map.css),
 * and a label that says both in words, since colour alone tells nothing to many readers.
 */
export function updateMarkerElement(
  element: HTMLButtonElement,
  sensor: Pick<Sensor, 'type' | 'status'>,
  label: string,
  selected: boolean,
): void {
  element.style.backgroundColor = sensorTypeColor(sensor.type);
  element.dataset.status = sensor.status;
  element.dataset.type = sensor.type;
  element.dataset.selected = String(selected);
  element.setAttribute('aria-label', label);
  element.setAttribute('aria-pressed', String(selected));
  element.title = label;
}

export interface PopupTexts {
  typeAndStatus: string;
  placeLabel: string;
  place: string;
  valueLabel: string;
  value: string;
  lastUpdateLabel: string;
  lastUpdate: string;
  lastUpdateTitle: string;
}

function row(label: string, value: string, title?: string): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.className = 'sensor-popup-row';
  const term = document.createElement('dt');
  term.textContent = label;
  const detail = document.createElement('dd');
  detail.textContent = value;
  if (title) detail.title = title;
  wrapper.append(term, detail);
  return wrapper;
}

/** The popup of one sensor: name, type and status in words, place, latest value and last update. */
export function buildPopupContent(name: string, texts: PopupTexts): HTMLElement {
  const root = document.createElement('div');
  root.className = 'sensor-popup';
  root.dataset.testid = 'sensor-map-popup';
  const heading = document.createElement('p');
  heading.className = 'sensor-popup-name';
  heading.textContent = name;
  const subtitle = document.createElement('p');
  subtitle.className = 'sensor-popup-meta';
  subtitle.textContent = texts.typeAndStatus;
  const list = document.createElement('dl');
  list.append(
    row(texts.placeLabel, texts.place),
    row(texts.valueLabel, texts.value),
    row(texts.lastUpdateLabel, texts.lastUpdate, texts.lastUpdateTitle),
  );
  root.append(heading, subtitle, list);
  return root;
}
