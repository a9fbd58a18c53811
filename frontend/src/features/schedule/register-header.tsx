// The registers' head is shared (the Waivers page of issue 34 has it too): components/ui.
export { RegisterHeader } from '../../components/ui/register-header';
