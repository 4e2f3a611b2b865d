import { zodResolver } from '@hookform/resolvers/zod';
import { emergencyServiceIdSchema, urgencySchema } from '@smart-city/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { displayNameOf } from '../../lib/auth/display-name';
import { useCity } from '../../lib/city/city-context';
import {
  bookingFormSchema,
  DEFAULT_SERVICE,
  DEFAULT_URGENCY,
  emptyBookingForm,
} from './booking-form-schema';
import type { BookingFormValues } from './booking-form-schema';

/**
 * The booking form's state, for the full form and the quick one alike: the service and urgency
 * from the address (`?service=ambulance&urgency=high`), the contact from the profile, and each field
 * checked as the server checks it (coordinates inside the selected city). The address and the
 * profile only fill the first values; later changes are the person's.
 */
export function useBookingForm() {
  const { user } = useAuth();
  const { city } = useCity();
  const [params] = useSearchParams();
  const [defaults] = useState(() =>
    emptyBookingForm(
      emergencyServiceIdSchema.catch(DEFAULT_SERVICE).parse(params.get('service')),
      urgencySchema.catch(DEFAULT_URGENCY).parse(params.get('urgency')),
      { name: displayNameOf(user) ?? '', phone: user?.phone ?? '', email: user?.email ?? '' },
    ),
  );
  return useForm<BookingFormValues>({
    resolver: zodResolver(bookingFormSchema(city?.bounds)),
    mode: 'onTouched',
    defaultValues: defaults,
  });
}
