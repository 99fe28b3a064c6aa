/** The schedules module's public surface: other modules, the app, the seed and tests outside it import only this. */
export {
  busyByDoctor,
  busyIntervals,
  ensureDefaultSchedule,
  facilityNow,
  findBookableDoctor,
  listBookableDoctors,
  loadSchedule,
  loadSchedules,
  lockSchedule,
  saveSchedule,
  slotsFor,
  updateSchedule,
} from './service';
