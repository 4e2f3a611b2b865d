import { describe, expect, it } from 'vitest';
import {
  draftIssues,
  draftOf,
  newPolicyDraft,
  policyInputOf,
  secondsOf,
  timeDraftOf,
  validPolicyInput,
} from './escalation-draft';

describe('an escalation policy draft', () => {
  it('says a time in the largest whole unit and reads it back in seconds', () => {
    expect(timeDraftOf(900)).toEqual({ value: '15', unit: 'minutes' });
    expect(timeDraftOf(7_200)).toEqual({ value: '2', unit: 'hours' });
    expect(timeDraftOf(90)).toEqual({ value: '90', unit: 'seconds' });
    expect(timeDraftOf(0)).toEqual({ value: '0', unit: 'seconds' });
    expect(secondsOf({ value: '15', unit: 'minutes' })).toBe(900);
    expect(secondsOf({ value: '1.5', unit: 'minutes' })).toBeNaN();
    expect(secondsOf({ value: '', unit: 'minutes' })).toBeNaN();
  });

  it('sends each step with only the fields its action uses', () => {
    const draft = newPolicyDraft('kolkata');
    draft.steps = [
      { ...draft.steps[0]!, action: 'remind', every: { value: '10', unit: 'minutes' } },
      {
        ...draft.steps[0]!,
        after: { value: '30', unit: 'minutes' },
        action: 'raise',
        severity: 'critical',
      },
    ];
    draft.severity = 'high';
    expect(policyInputOf(draft)).toEqual({
      city: 'kolkata',
      sensorType: null,
      severity: 'high',
      steps: [
        { afterSeconds: 300, action: 'remind', audience: 'operators', everySeconds: 600 },
        { afterSeconds: 1_800, action: 'raise', severity: 'critical' },
      ],
    });
  });

  it("holds the contract's rules: a raise must be worse, a time a whole number", () => {
    const draft = newPolicyDraft('kolkata');
    draft.severity = 'critical';
    draft.steps = [{ ...draft.steps[0]!, action: 'raise', severity: 'high' }];
    expect([...draftIssues(draft).keys()]).toEqual(['steps.0.severity']);
    expect(validPolicyInput(draft)).toBeNull();
    draft.steps = [
      { ...draft.steps[0]!, action: 'notify', after: { value: 'x', unit: 'minutes' } },
    ];
    expect([...draftIssues(draft).keys()]).toEqual(['steps.0.afterSeconds']);
  });

  it('edits a saved policy as it was saved', () => {
    const draft = draftOf({
      id: 'p1',
      city: 'new-york',
      sensorType: 'traffic',
      severity: 'critical',
      steps: [
        {
          afterSeconds: 300,
          action: 'notify',
          audience: 'admins',
          severity: null,
          everySeconds: null,
        },
        {
          afterSeconds: 60,
          action: 'remind',
          audience: 'operators',
          severity: null,
          everySeconds: 3_600,
        },
      ],
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(policyInputOf(draft)).toEqual({
      city: 'new-york',
      sensorType: 'traffic',
      severity: 'critical',
      steps: [
        { afterSeconds: 300, action: 'notify', audience: 'admins' },
        { afterSeconds: 60, action: 'remind', audience: 'operators', everySeconds: 3_600 },
      ],
    });
  });
});
