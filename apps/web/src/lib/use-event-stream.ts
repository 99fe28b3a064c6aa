import { LIVE_TOPICS, type LiveTopic } from '@carepoint/contract';
import { useEffect, useRef, useState } from 'react';

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
 * Listens to a Server-Sent Events stream of live topics (same origin, the session cookie) and
 * calls `refresh` with the topics whose data went stale. EventSource reconnects by itself;
 * after a reconnect every subscribed topic is refreshed, since messages sent meanwhile were missed.
 */
export function useEventStream(
  path: string,
  topics: readonly LiveTopic[],
  refresh: (topics: readonly LiveTopic[]) => void,
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const wanted = topics.join(',');
  // The latest callback, without reopening the stream when the caller re-renders.
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useEffect(() => {
    const subscribed = LIVE_TOPICS.filter((t) => wanted.split(',').includes(t));
    const source = new EventSource(path);
    let dropped = false;

    const onMessage = (event: MessageEvent) => {
      const topic = topicOf(event.data);
      if (topic && subscribed.includes(topic)) refreshRef.current([topic]);
    };
    const onReady = () => {
      setStatus('live');
      if (dropped) refreshRef.current(subscribed);
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
  }, [path, wanted]);

  return status;
}
