import { expect, test } from '@playwright/test';
import { ui } from '../selectors';
import { expectNoSeriousA11yViolations, signInAsDemo, useTheme, watchConsole } from '../support';

const HEADER = 'id,name,type,city,location,lat,lng,unit,status';

/** A CSV file as the file chooser hands it to the page. */
function csvFile(name: string, rows: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows].join('\n')) };
}

test.describe('registering sensors as an admin', () => {
  test.slow();

  test('imports a CSV file: a bad row sends nothing, a sound file adds its sensors to the list', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    // Ids of this run only, so the journey can run again on the same database.
    const run = Date.now().toString(36);
    await signInAsDemo(page, 'admin');
    await page.goto('/sensors');
    await expect(ui.sensors.cards(page).first()).toBeVisible({ timeout: 20_000 });
    const total = async () =>
      (
        (await (await page.request.get('/api/sensors/counts?city=kolkata')).json()) as {
          total: number;
        }
      ).total;
    const before = await total();

    await ui.sensors.importFile(page).click();
    await expect(ui.sensors.registration(page)).toBeVisible();
    await ui.sensors
      .importInput(page)
      .setInputFiles(
        csvFile('bad.csv', [
          `e2e-${run}-1,Esplanade Air,air_quality,kolkata,Esplanade,22.564,88.351,,`,
          `e2e-${run}-2,Sealdah Air,air_quality,kolkata,Sealdah,222.567,88.37,,`,
        ]),
      );
    await expect(ui.sensors.importProblems(page)).toContainText(
      'Row 3: “lat” is out of range or too long.',
    );
    await expect(ui.sensors.importSubmit(page)).toBeDisabled();
    expect(await total()).toBe(before);

    await ui.sensors
      .importInput(page)
      .setInputFiles(
        csvFile('good.csv', [
          `e2e-${run}-1,Esplanade Air,air_quality,kolkata,Esplanade,22.564,88.351,,`,
          `e2e-${run}-2,Sealdah Air,air_quality,kolkata,Sealdah,22.567,88.37,,`,
        ]),
      );
    await ui.sensors.importSubmit(page).click();
    await expect(ui.sensors.registered(page)).toContainText('Added 2 of 2 sensors');
    expect(await total()).toBe(before + 2);

    await ui.sensors.search(page).fill(`e2e-${run}`);
    await expect(ui.sensors.cards(page)).toHaveCount(2);
    await expect(ui.sensors.card(page, `e2e-${run}-1`)).toContainText('Esplanade Air');

    // The same file again adds nothing: the sensors already there are kept.
    await ui.sensors.importSubmit(page).click();
    await expect(ui.sensors.registered(page)).toContainText('Added 0 of 2 sensors');
    expect(errors).toEqual([]);
  });

  test('the open forms have no serious accessibility violations in either theme', async ({
    page,
  }) => {
    await signInAsDemo(page, 'admin');
    await page.goto('/sensors');
    await expect(ui.sensors.cards(page).first()).toBeVisible({ timeout: 20_000 });
    for (const open of [ui.sensors.addSensor, ui.sensors.importFile]) {
      await open(page).click();
      await expect(ui.sensors.registration(page)).toBeVisible();
      for (const theme of ['dark', 'light'] as const) {
        await useTheme(page, theme);
        await expectNoSeriousA11yViolations(page);
      }
    }
  });
});

test('an operator is offered neither action', async ({ page }) => {
  await signInAsDemo(page, 'operator');
  await page.goto('/sensors');
  await expect(ui.sensors.cards(page).first()).toBeVisible({ timeout: 20_000 });
  await expect(ui.sensors.addSensor(page)).toHaveCount(0);
  await expect(ui.sensors.importFile(page)).toHaveCount(0);
});
