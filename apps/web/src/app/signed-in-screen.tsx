import { createContext, useContext } from 'react';
import type { ComponentType } from 'react';

/** The signed-in screens, by the names the route table gives them. */
export type SignedInScreenName =
  | 'dashboard'
  | 'sensors'
  | 'alerts'
  | 'alertDetail'
  | 'alertGroup'
  | 'notifications'
  | 'analytics'
  | 'services'
  | 'emergency'
  | 'quickBooking'
  | 'emergencySuccess'
  | 'emergencyCancel'
  | 'dispatch'
  | 'billing'
  | 'notices'
  | 'noticeDetail'
  | 'newNotice'
  | 'editNotice'
  | 'blockchain'
  | 'cityTwin'
  | 'settings'
  | 'escalationSettings'
  | 'profile'
  | 'people'
  | 'deviceKeys'
  | 'maintenance'
  | 'alarmKpis'
  | 'newReport'
  | 'myReports'
  | 'reportQueue';

/**
 * The signed-in screens' components, provided by the signed-in frame: their loaders download with
 * the frame rather than with the first page, while the route table stays in one place.
 */
export const SignedInScreensContext = createContext<Readonly<
  Record<SignedInScreenName, ComponentType>
> | null>(null);

/** A signed-in route's screen, drawn from the frame's screens. */
export function SignedInScreen({ name }: { name: SignedInScreenName }) {
  const screens = useContext(SignedInScreensContext);
  if (!screens) throw new Error(`The ${name} screen is drawn outside the signed-in frame`);
  const Screen = screens[name];
  return <Screen />;
}
