import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEventStream } from './use-event-stream';

/** A stand-in for the browser's EventSource: records what is opened and lets the test send events. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data = '') {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('useEventStream', () => {
  it('shares one connection a path between listeners, each told only of its topics', () => {
    const wards = vi.fn();
    const appointments = vi.fn();
    const first = renderHook(() => useEventStream('/api/doctor/events', ['wards'], wards));
    const second = renderHook(() => useEventStream('/api/doctor/events', ['appointments'], appointments));
    expect(FakeEventSource.opened).toHaveLength(1);
    const [source] = FakeEventSource.opened;
    act(() => source?.emit('ready'));
    expect(first.result.current).toBe('live');
    expect(second.result.current).toBe('live');

    act(() => source?.emit('wards', JSON.stringify({ topic: 'wards' })));
    expect(wards).toHaveBeenCalledWith(['wards']);
    expect(appointments).not.toHaveBeenCalled();

    first.unmount();
    expect(source?.readyState).not.toBe(FakeEventSource.CLOSED);
    second.unmount();
    expect(source?.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('refreshes every listener after a reconnect, and opens a refused stream again for a new listener', () => {
    const wards = vi.fn();
    renderHook(() => useEventStream('/api/nurse/events', ['wards'], wards));
    const [source] = FakeEventSource.opened;
    act(() => {
      source?.emit('ready');
      source?.emit('error');
      source?.emit('ready');
    });
    expect(wards).toHaveBeenCalledWith(['wards']);

    if (source) source.readyState = FakeEventSource.CLOSED;
    renderHook(() => useEventStream('/api/nurse/events', ['wards'], vi.fn()));
    expect(FakeEventSource.opened).toHaveLength(2);
  });
});
