import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { publicRoutes } from './public/routes';
import { appointmentRoutes } from './appointments/routes';
import { profileRoutes } from './profile/routes';
import { scheduleRoutes } from './schedules/routes';

/** Every area's routes; a new area adds its plugin here. */
export const routeModules: Array<(app: FastifyInstance) => Promise<void>> = [publicRoutes, authRoutes];
routeModules.push(scheduleRoutes, appointmentRoutes, profileRoutes);
