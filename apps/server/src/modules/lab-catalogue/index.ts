export { getActiveLabTest, listActiveLabTests } from './service';
