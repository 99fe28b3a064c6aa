import { LIVE_EVENTS_PATH, type LiveTopic } from '@carepoint/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type LiveStatus, useEventStream } from '@/lib/use-event-stream';
import { invalidateAdmin, TOPIC_RESOURCES } from './api/shared';

export type { LiveStatus };

/**
 * Live boards: listens to GET /api/admin/events and refetches what the given topics make stale.
 */
export function useLiveEvents(topics: readonly LiveTopic[]): LiveStatus {
  const client = useQueryClient();
  return useEventStream(LIVE_EVENTS_PATH, topics, (stale) => {
    void invalidateAdmin(
      client,
      stale.flatMap((t) => TOPIC_RESOURCES[t]),
    );
  });
}
