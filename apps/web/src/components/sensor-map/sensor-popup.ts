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

/** The popup of a spot where several sensors stand together: each one a button that opens it. */
export function buildSpotContent(
  heading: string,
  sensors: readonly { id: string; label: string }[],
  onChoose: (id: string) => void,
): HTMLElement {
  const root = document.createElement('div');
  root.className = 'sensor-popup';
  root.dataset.testid = 'sensor-map-spot';
  const title = document.createElement('p');
  title.className = 'sensor-popup-name';
  title.textContent = heading;
  const list = document.createElement('ul');
  list.className = 'sensor-popup-spot';
  for (const sensor of sensors) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = sensor.label;
    button.dataset.sensorId = sensor.id;
    button.addEventListener('click', () => onChoose(sensor.id));
    item.append(button);
    list.append(item);
  }
  root.append(title, list);
  return root;
}
