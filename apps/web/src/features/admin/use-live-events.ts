import { LIVE_EVENTS_PATH, LIVE_TOPICS, type LiveTopic } from '@carepoint/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { invalidateAdmin, TOPIC_RESOURCES } from './api/shared';

/** offline: the stream was refused (e.g. the session ended) and will not reconnect by itself. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

function topicOf(data: unknown): LiveTopic | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    const topic =
      typeof parsed === 'object' && parsed !== null ? (parsed as { topic?: unknown }).topic : undefined;
    return LIVE_TOPICS.find((t) => t === topic);
  } catch {
    return undefined;
  }
}

/**
 * Live boards: listens to GET /api/admin/events (Server-Sent Events, same origin, the session
 * cookie) and refetches what the given topics make stale. EventSource reconnects by itself;
 * after a reconnect everything is refetched, since messages sent meanwhile were missed.
 */
export function useLiveEvents(topics: readonly LiveTopic[]): LiveStatus {
  const client = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const wanted = topics.join(',');

  useEffect(() => {
    const subscribed = LIVE_TOPICS.filter((t) => wanted.split(',').includes(t));
    const refresh = (list: readonly LiveTopic[]) =>
      void invalidateAdmin(
        client,
        list.flatMap((t) => TOPIC_RESOURCES[t]),
      );
    const source = new EventSource(LIVE_EVENTS_PATH);
    let dropped = false;

    const onMessage = (event: MessageEvent) => {
      const topic = topicOf(event.data);
      if (topic && subscribed.includes(topic)) refresh([topic]);
    };
    const onReady = () => {
      setStatus('live');
      if (dropped) refresh(subscribed);
      dropped = false;
    };
    const onError = () => {
      dropped = true;
      setStatus(source.readyState === EventSource.CLOSED ? 'offline' : 'reconnecting');
    };

    // The server names each message after its topic; plain messages are accepted too.
    source.addEventListener('message', onMessage);
    for (const topic of subscribed) source.addEventListener(topic, onMessage);
    source.addEventListener('ready', onReady);
    source.addEventListener('error', onError);
    return () => source.close();
  }, [client, wanted]);

  return status;
}
