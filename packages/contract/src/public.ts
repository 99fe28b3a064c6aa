import { z } from 'zod';
import { emailField } from './auth';
import { personName, requiredText } from './common';

/** Schedule Demo request from the landing page, stored and listed for admins. */
export const demoRequestSchema = z.object({
  name: personName('Name is required', 120),
  email: emailField,
  organisation: requiredText('Organisation is required', 200),
  message: z.string().trim().max(2000, 'Message must be at most 2000 characters').optional().default(''),
});
export type DemoRequestInput = z.input<typeof demoRequestSchema>;
export const DEMO_REQUEST_THANKS = 'Thank you! We will contact you shortly.';
