import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';

export type PageModule = { default: ComponentType };

/** A route whose page (its file's default export) is its own chunk, fetched on first visit. */
export const lazyPage = (load: () => Promise<PageModule>) => async () => ({
  Component: (await load()).default,
});

export const page = (path: string, title: string, load: () => Promise<PageModule>): RouteObject => ({
  path,
  handle: { title } satisfies RouteHandle,
  lazy: lazyPage(load),
});

export const indexPage = (title: string, load: () => Promise<PageModule>): RouteObject => ({
  index: true,
  handle: { title } satisfies RouteHandle,
  lazy: lazyPage(load),
});

export const redirect = (path: string, to: string): RouteObject => ({
  path,
  element: <Navigate to={to} replace />,
});
