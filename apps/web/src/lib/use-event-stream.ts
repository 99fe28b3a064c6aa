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

interface Subscriber {
  topics: readonly LiveTopic[];
  refresh: (topics: readonly LiveTopic[]) => void;
  setStatus: (status: LiveStatus) => void;
}

interface SharedStream {
  source: EventSource;
  subscribers: Set<Subscriber>;
  status: LiveStatus;
}

/*
 * One EventSource a path, shared by every screen part that listens to it: a dashboard's panels
 * (appointments, ward alerts, lab results) would otherwise each hold a connection of the six a
 * browser allows a site over HTTP/1.1, and the server would send every event several times.
 * The stream opens with its first listener and closes with its last.
 */
const streams = new Map<string, SharedStream>();

function openStream(path: string): SharedStream {
  const stream: SharedStream = {
    source: new EventSource(path),
    subscribers: new Set(),
    status: 'connecting',
  };
  const { source } = stream;
  let dropped = false;
  const setStatus = (status: LiveStatus) => {
    stream.status = status;
    for (const subscriber of stream.subscribers) subscriber.setStatus(status);
  };
  const onMessage = (event: MessageEvent) => {
    const topic = topicOf(event.data);
    if (!topic) return;
    for (const subscriber of stream.subscribers)
      if (subscriber.topics.includes(topic)) subscriber.refresh([topic]);
  };
  // The server names each message after its topic; plain messages are accepted too.
  source.addEventListener('message', onMessage);
  for (const topic of LIVE_TOPICS) source.addEventListener(topic, onMessage);
  source.addEventListener('ready', () => {
    setStatus('live');
    // After a reconnect every subscribed topic is refreshed: messages sent meanwhile were missed.
    if (dropped) for (const subscriber of stream.subscribers) subscriber.refresh(subscriber.topics);
    dropped = false;
  });
  source.addEventListener('error', () => {
    dropped = true;
    setStatus(source.readyState === EventSource.CLOSED ? 'offline' : 'reconnecting');
  });
  return stream;
}

/**
 * Listens to a Server-Sent Events stream of live topics (same origin, the session cookie) and
 * calls `refresh` with the topics whose data went stale. EventSource reconnects by itself.
 */
export function useEventStream(
  path: string,
  topics: readonly LiveTopic[],
  refresh: (topics: readonly LiveTopic[]) => void,
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const wanted = topics.join(',');
  // The latest callback, without leaving the stream when the caller re-renders.
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useEffect(() => {
    let stream = streams.get(path);
    if (!stream || stream.source.readyState === EventSource.CLOSED) {
      // A stream the server refused (offline) is opened again for its listeners and this one.
      const listeners = stream?.subscribers ?? [];
      stream = openStream(path);
      for (const listener of listeners) stream.subscribers.add(listener);
      streams.set(path, stream);
    }
    const subscriber: Subscriber = {
      topics: LIVE_TOPICS.filter((t) => wanted.split(',').includes(t)),
      refresh: (stale) => refreshRef.current(stale),
      setStatus,
    };
    stream.subscribers.add(subscriber);
    setStatus(stream.status);
    const joined = stream;
    return () => {
      joined.subscribers.delete(subscriber);
      if (joined.subscribers.size > 0) return;
      joined.source.close();
      streams.delete(path);
    };
  }, [path, wanted]);

  return status;
}
